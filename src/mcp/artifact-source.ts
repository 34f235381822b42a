import { MAX_CODE_CHARS } from '../shared/limits';
import { SiteFilesSchema, normalizeSitePath, type SiteFile } from '../shared/site-files';
import { ToolError, type ArtifactSource } from './port';

export type ArtifactFile = SiteFile;

const HTML = /\.html?$/i;
const COMPONENT = /\.[jt]sx?$/i;

/**
 * What deploy_artifact was given, as the deploy takes it: pasted code as code; one .html file
 * as an HTML page; several files as the list they are (the builder reads them in its own
 * thread). Only checks here: nothing is archived, and only a lone page or component is decoded.
 */
export function artifactSource(input: {
  code?: string | undefined;
  files?: ArtifactFile[] | undefined;
}): ArtifactSource {
  const hasCode = input.code !== undefined;
  const hasFiles = input.files !== undefined;
  if (hasCode === hasFiles) {
    throw new ToolError(
      'Give either `code` (one React component or HTML page) or `files` (a small static site), not both and not neither.',
    );
  }
  if (hasCode) return codeSource(input.code ?? '');
  // The schema of the tool checked this already; a port used on its own is held to it too.
  const checked = SiteFilesSchema.safeParse(input.files);
  if (!checked.success) {
    throw new ToolError(checked.error.issues[0]?.message ?? '`files` is not a valid list.');
  }
  const files = checked.data;
  const only = files.length === 1 ? files[0] : undefined;
  if (only) {
    const path = normalizeSitePath(only.path);
    const bytes = Buffer.from(only.content, only.encoding === 'base64' ? 'base64' : 'utf8');
    if (HTML.test(path)) return { kind: 'html', bytes };
    // A lone component file is the same as pasting it.
    if (COMPONENT.test(path)) return codeSource(bytes.toString('utf8'));
  }
  if (!files.some((f) => HTML.test(f.path) || COMPONENT.test(f.path))) {
    throw new ToolError('`files` needs an index.html (or a React entry such as App.jsx) to serve.');
  }
  return { kind: 'files', files };
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
