// The servers bench:serve measures the product against, each answering the same page:
// a bare Node server from memory (the runtime's limit), nginx from files (a native server),
// and Caddy from deploy/Caddyfile in front of the product (the shipped front).
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { freePort } from '../test/child-server';

export interface Reference {
  port: number;
  tlsPort: number;
  /** nginx only, given an upstream: HTTPS proxied to it, the like-for-like peer of a Caddy front */
  frontPort?: number;
  close(): Promise<void>;
}

/**
 * The least a Node server can do for the same answer: one prebuilt body and header set,
 * written for every request. Its rate is the ceiling our hosting path is measured against.
 */
export async function startBareNode(
  body: Buffer,
  headers: Record<string, string>,
  tlsFiles: { cert: Buffer; key: Buffer },
): Promise<Reference> {
  const answer = (_req: http.IncomingMessage, res: http.ServerResponse) => {
    res.writeHead(200, headers);
    res.end(body);
  };
  const plain = http.createServer(answer);
  const secure = https.createServer(tlsFiles, answer);
  // The same keep-alive as the product's listeners.
  plain.keepAliveTimeout = 65_000;
  secure.keepAliveTimeout = 65_000;
  const listen = (s: http.Server) =>
    new Promise<number>((resolve) =>
      s.listen(0, '127.0.0.1', () => resolve((s.address() as AddressInfo).port)),
    );
  const port = await listen(plain);
  const tlsPort = await listen(secure);
  return {
    port,
    tlsPort,
    close: async () => {
      for (const s of [plain, secure]) {
        s.closeAllConnections();
        await new Promise((r) => s.close(r));
      }
    },
  };
}

/**
 * One nginx worker serving `root` (the deployment's files) over HTTP and HTTPS, and with
 * `upstream` also proxying HTTPS to that port over kept-alive connections.
 */
export async function startNginx(
  nginxBin: string,
  prefix: string,
  root: string,
  tlsPair: { cert: string; key: string },
  upstream?: number,
): Promise<Reference> {
  const port = await freePort();
  const tlsPort = await freePort();
  const frontPort = upstream ? await freePort() : undefined;
  const front = upstream
    ? `upstream node { server 127.0.0.1:${upstream}; keepalive 64; }
  server {
    listen 127.0.0.1:${frontPort} ssl;
    ssl_certificate ${tlsPair.cert};
    ssl_certificate_key ${tlsPair.key};
    location / {
      proxy_pass http://node;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $remote_addr;
    }
  }`
    : '';
  mkdirSync(path.join(prefix, 'logs'), { recursive: true });
  writeFileSync(
    path.join(prefix, 'nginx.conf'),
    `worker_processes 1;
daemon off;
error_log ${prefix}/logs/error.log warn;
pid ${prefix}/nginx.pid;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  etag on;
  server {
    listen 127.0.0.1:${port};
    listen 127.0.0.1:${tlsPort} ssl;
    ssl_certificate ${tlsPair.cert};
    ssl_certificate_key ${tlsPair.key};
    root ${root};
    location / { try_files $uri $uri.html /index.html; add_header Cache-Control no-cache; }
  }
  ${front}
}
`,
  );
  const nginx = spawn(nginxBin, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')], {
    stdio: 'ignore',
  });
  // nginx says nothing when it is ready: wait for its port.
  for (let i = 0; i < 100; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/`).then(
      () => true,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    port,
    tlsPort,
    frontPort,
    close: async () => {
      const exited = new Promise((r) => nginx.once('exit', r));
      nginx.kill('SIGTERM');
      await exited;
    },
  };
}
