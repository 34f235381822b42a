import { gunzipSync } from 'node:zlib';

/** Regular files of an npm tarball (.tgz), paths with npm's leading `package/` removed. */
export function readTarball(tgz: Uint8Array, maxBytes: number): Map<string, Uint8Array> {
  const tar = gunzipSync(tgz, { maxOutputLength: maxBytes });
  const files = new Map<string, Uint8Array>();
  let offset = 0;
  let longName: string | undefined;
  while (offset + 512 <= tar.length) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) break;
    const field = (start: number, len: number) =>
      header
        .subarray(start, start + len)
        .toString('utf8')
        .replace(/\0.*$/s, '');
    const size = parseInt(field(124, 12).trim() || '0', 8);
    const type = field(156, 1) || '0';
    const prefix = field(345, 155);
    let name = longName ?? (prefix ? `${prefix}/${field(0, 100)}` : field(0, 100));
    longName = undefined;
    const body = tar.subarray(offset + 512, offset + 512 + size);
    if (type === 'L') longName = body.toString('utf8').replace(/\0.*$/s, '');
    else if (type === '0' || type === '\0') {
      name = name.replace(/^[^/]+\//, '');
      // the same path rules as zips: nothing may leave the package folder
      if (name && !name.startsWith('/') && !name.split('/').includes('..')) {
        files.set(name, new Uint8Array(body));
      }
    }
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}
