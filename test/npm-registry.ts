import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import tar from 'tar-stream';

export interface FakePackage {
  name: string;
  version: string;
  /** Files of the package, by path inside it (package.json is written when missing). */
  files: Record<string, string | Uint8Array>;
  /** Marks this version as the `latest` dist-tag (else the last version listed is). */
  latest?: boolean;
}

/** An npm tarball (.tgz) as npm packs it: every file under `package/`, ustar headers. */
export async function packTarball(pkg: FakePackage): Promise<Buffer> {
  const pack = tar.pack();
  const files = { ...pkg.files };
  files['package.json'] ??= JSON.stringify({ name: pkg.name, version: pkg.version });
  const chunks: Buffer[] = [];
  const done = (async () => {
    for await (const chunk of pack) chunks.push(chunk as Buffer);
  })();
  for (const [name, body] of Object.entries(files)) {
    pack.entry({ name: `package/${name}` }, Buffer.from(body));
  }
  pack.finalize();
  await done;
  return gzipSync(Buffer.concat(chunks));
}

/**
 * An npm registry on loopback speaking the registry's wire format (packuments and tarballs),
 * for tests: unknown names answer 404 as the real one does. `requests` lists every URL asked.
 */
export async function startNpmRegistry(packages: FakePackage[]) {
  const tarballs = new Map<string, Buffer>();
  for (const pkg of packages)
    tarballs.set(`/-/${pkg.name}/${pkg.version}.tgz`, await packTarball(pkg));
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const url = decodeURIComponent(req.url ?? '/');
    requests.push(url);
    const tgz = tarballs.get(url);
    if (tgz) return void res.end(tgz);
    const name = url.slice(1);
    const versions = packages.filter((p) => p.name === name);
    if (versions.length === 0) return void res.writeHead(404).end('{"error":"Not found"}');
    const latest = versions.find((v) => v.latest) ?? versions[versions.length - 1]!;
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        name,
        'dist-tags': { latest: latest.version },
        versions: Object.fromEntries(
          versions.map((v) => [
            v.version,
            { dist: { tarball: `${base}/-/${name}/${v.version}.tgz` } },
          ]),
        ),
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
