import { ZipFile } from 'yazl';
import { MAX_CODE_CHARS, MAX_UPLOAD_BYTES } from '../shared/limits';
import { ToolError, type ArtifactSource } from './port';

export interface ArtifactFile {
  path: string;
  content: string;
  encoding?: 'utf8' | 'base64' | undefined;
}

const HTML = /\.html?$/i;

/**
 * What deploy_artifact was given, as the deploy routes take it: pasted code as code; one
 * .html file as an HTML page; several files as the .zip a person would upload.
 */
export async function artifactSource(input: {
  code?: string | undefined;
  files?: ArtifactFile[] | undefined;
}): Promise<ArtifactSource> {
  const hasCode = input.code !== undefined;
  const hasFiles = input.files !== undefined;
  if (hasCode === hasFiles) {
    throw new ToolError(
      'Give either `code` (one React component or HTML page) or `files` (a small static site), not both and not neither.',
    );
  }
  if (hasCode) return codeSource(input.code ?? '');
  const files = input.files ?? [];
  if (files.length === 0) throw new ToolError('`files` is empty: give at least an index.html.');
  const seen = new Set<string>();
  const entries = files.map((file) => {
    const path = cleanPath(file.path);
    if (seen.has(path)) throw new ToolError(`The file "${path}" is given twice.`);
    seen.add(path);
    return {
      path,
      bytes: Buffer.from(file.content, file.encoding === 'base64' ? 'base64' : 'utf8'),
    };
  });
  const only = entries.length === 1 ? entries[0] : undefined;
  if (only && HTML.test(only.path)) return { kind: 'html', bytes: only.bytes };
  // A lone component file is the same as pasting it.
  if (only && /\.[jt]sx?$/i.test(only.path)) return codeSource(only.bytes.toString('utf8'));
  if (!entries.some((e) => HTML.test(e.path) || /\.[jt]sx?$/i.test(e.path))) {
    throw new ToolError('`files` needs an index.html (or a React entry such as App.jsx) to serve.');
  }
  const bytes = await zipOf(entries);
  if (bytes.byteLength > MAX_UPLOAD_BYTES) {
    throw new ToolError('These files are too large together. The maximum is 10 MB zipped.');
  }
  return { kind: 'zip', bytes };
}

function codeSource(code: string): ArtifactSource {
  if (!code.trim()) throw new ToolError('`code` is empty: give the component or page to deploy.');
  if (code.length > MAX_CODE_CHARS) {
    throw new ToolError(
      `The code is too long. The maximum is ${MAX_CODE_CHARS.toLocaleString('en-US')} characters.`,
    );
  }
  // As a paste: the builder tells an HTML page from a React component itself.
  return { kind: 'code', bytes: Buffer.from(code, 'utf8') };
}

/** A relative path inside the site; the server checks zips again, this says what is wrong sooner. */
function cleanPath(raw: string): string {
  const path = raw.replace(/\\/g, '/').replace(/^\.\//, '');
  const parts = path.split('/');
  if (!path || path.startsWith('/') || parts.some((p) => p === '..' || p === '')) {
    throw new ToolError(
      `"${raw}" is not a relative file path inside the site (such as "index.html" or "css/style.css").`,
    );
  }
  return path;
}

function zipOf(entries: Array<{ path: string; bytes: Buffer }>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const zip = new ZipFile();
    for (const entry of entries) zip.addBuffer(entry.bytes, entry.path);
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.end();
  });
}
