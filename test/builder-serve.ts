import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BuiltFile } from '../src/builder/types';

/** What serving needs of a file: a built one, or one of a reference site. */
export type SiteFile = Pick<BuiltFile, 'path' | 'content' | 'contentType'>;

/** Serves one build's files from memory on 127.0.0.1, as the hosting part would. */
export async function serveBuild(
  files: SiteFile[],
): Promise<{ url: string; close: () => Promise<void> }> {
  const byPath = new Map(files.map((f) => [f.path, f]));
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const p = decodeURIComponent(url.pathname).replace(/^\//, '') || 'index.html';
    const file = byPath.get(p) ?? byPath.get(`${p}/index.html`);
    if (!file) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
      return;
    }
    res.writeHead(200, { 'content-type': file.contentType }).end(Buffer.from(file.content));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
