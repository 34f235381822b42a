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

  // The same contexts once loaded, so a handshake for a known name goes on without waiting
  // for a Promise: resumed handshakes cost little else, and a pause shows in their rate.
  const loaded = new Map<string, tls.SecureContext>();
  const isOwn = (name: string) => name === own || name === sites || name.endsWith(`.${sites}`);

  const contextFor = (servername: string): Promise<tls.SecureContext | null> => {
    const name = servername.toLowerCase();
    if (isOwn(name)) return Promise.resolve(fallback);
    let found = cache.get(name);
    if (found) {
      cache.delete(name);
    } else {
      const loading = load(name).catch((err: unknown) => {
        ctx.log.error({ err, domain: name }, 'loading a certificate failed');
        cache.delete(name);
        return null;
      });
      found = loading;
      void loading.then((context) => {
        // Only if this load is still the cached one (no certificate event since it began).
        if (context && cache.get(name) === loading) loaded.set(name, context);
      });
    }
    cache.set(name, found);
    if (cache.size > CACHE_SIZE) {
      const oldest = cache.keys().next().value!;
      cache.delete(oldest);
      loaded.delete(oldest);
    }
    return found;
  };

  const forget = (domain: string) => {
    cache.delete(domain.toLowerCase());
    loaded.delete(domain.toLowerCase());
  };
  const offs = [
    ctx.events.on('certificate.issued', (e) => forget(e.domain)),
    ctx.events.on('certificate.removed', (e) => forget(e.domain)),
  ];

  return {
    /** With a certificate file the listener has a default for clients that send no SNI. */
    defaults: fallback
      ? { cert: readFileSync(config.tlsCertFile!), key: readFileSync(config.tlsKeyFile!) }
      : {},
    SNICallback(servername: string, cb: (err: Error | null, ctx?: tls.SecureContext) => void) {
      const name = servername.toLowerCase();
      // The listener was made with the same certificate: it keeps its own context.
      if (fallback && isOwn(name)) return cb(null);
      const ready = loaded.get(name);
      if (ready) return cb(null, ready);
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
