import { request } from 'node:http';
import https from 'node:https';
import type { TLSSocket } from 'node:tls';

// Requests to a server on 127.0.0.1 under any host name, as a visitor of a custom domain
// would send them: fetch can set neither the Host header nor the TLS server name.

export interface HostResponse {
  status: number;
  text: string;
  location?: string;
}

/** A plain HTTP request with the Host header `host`. */
export function fetchHost(port: number, host: string, path = '/'): Promise<HostResponse> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          text: Buffer.concat(chunks).toString('utf8'),
          ...(res.headers.location ? { location: res.headers.location } : {}),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** An HTTPS request with SNI `servername`, trusting only `ca`; says which certificate came. */
export function fetchTls(
  port: number,
  servername: string,
  ca: string,
  path = '/',
): Promise<{ status: number; text: string; serial: string }> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: '127.0.0.1',
        port,
        path,
        servername,
        ca,
        headers: { host: servername },
        agent: false,
      },
      (res) => {
        const serial = (res.socket as TLSSocket).getPeerCertificate().serialNumber;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString(), serial }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}
