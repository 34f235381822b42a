import { lstat, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import yazl from 'yazl';
import { MAX_UPLOAD_BYTES } from '../shared/limits';
import { CliError } from './errors';

// What `deploy` sends: code for the code route (JSX/TSX/JS and stdin), a file for the upload
// route (HTML pages, zips, and folders zipped here in memory).

export type DeploySource =
  | { kind: 'code'; code: string; name: string | null }
  | { kind: 'file'; fileName: string; bytes: Uint8Array; name: string };

const CODE_EXTENSIONS = new Set(['.jsx', '.tsx', '.js', '.mjs', '.ts']);
const FILE_EXTENSIONS = new Set(['.html', '.htm', '.zip']);
/** Never part of a site, and node_modules alone would blow the upload limit. */
const SKIPPED = new Set(['node_modules', '.git', '.DS_Store']);

/** A subdomain made from a file or folder name: 'My App.jsx' → 'my-app'. */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63)
    .replace(/-+$/, '');
}

export async function readStdin(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

export async function readSource(target: string, stdin: NodeJS.ReadStream): Promise<DeploySource> {
  if (target === '-') {
    if (stdin.isTTY) {
      throw new CliError(
        '`deploy -` reads the artifact from stdin: pipe it in, e.g. `pbpaste | artifact-host deploy - --subdomain my-app`.',
      );
    }
    const code = await readStdin(stdin);
    if (!code.trim()) throw new CliError('Nothing arrived on stdin to deploy.');
    return { kind: 'code', code, name: null };
  }
  const stat = await lstat(target).catch(() => {
    throw new CliError(`No such file or folder: ${target}`);
  });
  const base = path.basename(path.resolve(target));
  if (stat.isSymbolicLink())
    throw new CliError(`${target} is a symbolic link; deploy what it points to.`);
  if (stat.isDirectory()) {
    const bytes = await zipFolder(target);
    return { kind: 'file', fileName: `${base}.zip`, bytes, name: base };
  }
  const ext = path.extname(base).toLowerCase();
  const name = base.slice(0, base.length - ext.length);
  if (CODE_EXTENSIONS.has(ext)) {
    return { kind: 'code', code: await readFile(target, 'utf8'), name };
  }
  if (FILE_EXTENSIONS.has(ext)) {
    return { kind: 'file', fileName: base, bytes: await readFile(target), name };
  }
  throw new CliError(
    `Can't deploy "${base}": give a .html, .htm, .zip, .jsx, .tsx, .js or .ts file, a folder, or - for stdin.`,
  );
}

/** Every file under `root` (minus SKIPPED), zipped; symbolic links are refused, as the server would. */
export async function zipFolder(root: string): Promise<Uint8Array> {
  const zip = new yazl.ZipFile();
  let files = 0;
  const walk = async (dir: string, prefix: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      if (SKIPPED.has(entry.name)) continue;
      const full = path.join(dir, entry.name);
      const inZip = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isSymbolicLink()) {
        throw new CliError(
          `${full} is a symbolic link; links are not deployed. Copy the file instead.`,
        );
      }
      if (entry.isDirectory()) await walk(full, inZip);
      else if (entry.isFile()) {
        zip.addBuffer(await readFile(full), inZip);
        files += 1;
      }
    }
  };
  await walk(root, '');
  if (files === 0) throw new CliError(`${root} has no files to deploy.`);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  if (bytes.byteLength > MAX_UPLOAD_BYTES) {
    throw new CliError(
      `${root} zips to ${(bytes.byteLength / 1048576).toFixed(1)} MB; the limit is ${MAX_UPLOAD_BYTES / 1048576} MB.`,
    );
  }
  return bytes;
}
