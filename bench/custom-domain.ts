import { mkdirSync, readFileSync } from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { putCertificate } from '../src/server/db/queries/certificates';
import { seal } from '../src/server/lib/secret-box';
import type { RunningServer } from '../src/server/server';
import { makeSelfSignedCertificate } from '../test/self-signed';

// bench:serve's custom domain: the bench site under a name of its own, on its own certificate,
// checked to answer with the site's page before any handshake is counted.

/**
 * A custom domain on the bench site with its own certificate in the database, as the
 * certificate work leaves it: its handshakes pick that context by SNI.
 */
export async function serveCustomDomain(
  server: RunningServer,
  siteId: string,
  dir: string,
  pageText: string,
): Promise<string> {
  // A name the custom-domain rule accepts (a public suffix; reserved for examples): one it
  // refuses, such as a .test name, is not a site's host, and the app would answer it.
  const domain = 'www.example.com';
  const own = path.join(dir, 'custom');
  mkdirSync(own);
  const pair = makeSelfSignedCertificate(own, domain, [domain]);
  await server.ctx.db
    .updateTable('sites')
    .set({ custom_domain: domain, custom_domain_status: 'VERIFIED', ssl_status: 'ACTIVE' })
    .where('id', '=', siteId)
    .execute();
  await putCertificate(server.ctx.db, {
    domain,
    cert_pem: readFileSync(pair.cert, 'utf8'),
    key_pem: seal(server.ctx.config.secretKey, readFileSync(pair.key, 'utf8')),
    issued_at: new Date().toISOString(),
    expires_at: new Date(Date.now() + 86_400_000).toISOString(),
  });
  // Its handshakes must measure the site's hosting, not another answer given to that host.
  const answer = await getOverTls(server.httpsPort!, domain);
  if (answer.status !== 200 || answer.body !== pageText) {
    throw new Error(`the custom domain does not serve the site (HTTP ${answer.status})`);
  }
  return domain;
}

/** GET / over TLS with `servername` as both SNI name and Host, certificate unchecked. */
function getOverTls(port: number, servername: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = https.get(
      {
        host: '127.0.0.1',
        port,
        servername,
        path: '/',
        headers: { host: servername },
        rejectUnauthorized: false,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
  });
}
