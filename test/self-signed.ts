import { execFileSync } from 'node:child_process';
import path from 'node:path';

export const OPENSSL = '/usr/bin/openssl';

/**
 * A throwaway P-256 certificate and key in `dir`, made with Debian's openssl, valid two days
 * for `names` (host names, or IP addresses written as IP:…).
 */
export function makeSelfSignedCertificate(
  dir: string,
  commonName: string,
  names: string[],
): { cert: string; key: string } {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  const san = names.map((n) => (n.startsWith('IP:') ? n : `DNS:${n}`)).join(',');
  execFileSync(OPENSSL, [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-keyout',
    key,
    '-out',
    cert,
    '-days',
    '2',
    '-subj',
    `/CN=${commonName}`,
    '-addext',
    `subjectAltName=${san}`,
  ]);
  return { cert, key };
}
