import { readFileSync } from 'node:fs';
import tls from 'node:tls';
import { appHost, sitesHost } from '../lib/urls';
import type { AppContext } from '../context';
import { certificateOf } from '../db/queries/certificates';
import { open } from '../lib/secret-box';

/** Secure contexts kept per node; the least recently used goes first. */
const CACHE_SIZE = 1000;

/**
 * Picks the certificate of a TLS connection by its SNI name: the app's host and
 * *.SITES_DOMAIN get TLS_CERT_FILE/TLS_KEY_FILE, a custom domain its certificate from the
 * database. Contexts are cached (bounded) and dropped on 'certificate.issued', on every node,
 * so a renewed certificate is served without a restart (and a removed domain's is not).
 */
export function createSniContexts(ctx: AppContext) {
  const { config } = ctx;
  const fallback =
    config.tlsCertFile && config.tlsKeyFile
      ? tls.createSecureContext({
          cert: readFileSync(config.tlsCertFile),
          key: readFileSync(config.tlsKeyFile),
        })
      : null;
  const own = appHost(config);
  const sites = sitesHost(config);
  // Pending lookups are cached too, so a burst of handshakes asks the database once.
  const cache = new Map<string, Promise<tls.SecureContext | null>>();

  const load = async (name: string): Promise<tls.SecureContext | null> => {
    const stored = await certificateOf(ctx.db, name);
    if (!stored) return null;
    return tls.createSecureContext({
      cert: stored.cert_pem,
      key: open(config.secretKey, stored.key_pem),
    });
  };

  const contextFor = (servername: string): Promise<tls.SecureContext | null> => {
    const name = servername.toLowerCase();
    if (name === own || name === sites || name.endsWith(`.${sites}`)) {
      return Promise.resolve(fallback);
    }
    let found = cache.get(name);
    if (found) {
      cache.delete(name);
    } else {
      found = load(name).catch((err: unknown) => {
        ctx.log.error({ err, domain: name }, 'loading a certificate failed');
        cache.delete(name);
        return null;
      });
    }
    cache.set(name, found);
    if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
    return found;
  };

  const offs = [
    ctx.events.on('certificate.issued', (e) => cache.delete(e.domain.toLowerCase())),
    ctx.events.on('certificate.removed', (e) => cache.delete(e.domain.toLowerCase())),
  ];

  return {
    /** With a certificate file the listener has a default for clients that send no SNI. */
    defaults: fallback
      ? { cert: readFileSync(config.tlsCertFile!), key: readFileSync(config.tlsKeyFile!) }
      : {},
    SNICallback(servername: string, cb: (err: Error | null, ctx?: tls.SecureContext) => void) {
      contextFor(servername).then(
        (found) => {
          if (found) cb(null, found);
          else if (fallback) cb(null, fallback);
          else cb(new Error(`no certificate for ${servername}`));
        },
        (err: Error) => cb(err),
      );
    },
    close: () => offs.forEach((off) => off()),
  };
}
