import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

/**
 * The CSP hashes of index.html's inline scripts (the dark-mode switch that runs before the
 * first paint), read from the built file so a change to it never needs a change here.
 */
export function inlineScriptHashes(webDir: string): string[] {
  const index = path.join(webDir, 'index.html');
  if (!existsSync(index)) return [];
  return [...readFileSync(index, 'utf8').matchAll(INLINE_SCRIPT)].map(
    ([, body]) =>
      `'sha256-${createHash('sha256')
        .update(body ?? '')
        .digest('base64')}'`,
  );
}

/**
 * Security headers on the app and the API. Sites never get these: hosting answers their
 * hosts before Fastify sees the request, and an artifact's own scripts, styles and frames
 * are its business.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  ctx: AppContext,
  webDir: string,
): Promise<void> {
  const https = ctx.config.appOrigin.startsWith('https:');
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes(webDir)],
        styleSrc: ["'self'"],
        // sites' link previews (/__preview.png) are shown as thumbnails in the app
        imgSrc: ["'self'", 'data:', `${ctx.config.sitesProtocol}://*.${ctx.config.sitesDomain}`],
        fontSrc: ["'self'", 'data:'],
        // 'self' covers socket.io's websocket on the page's own host in current browsers.
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    // Not "no-referrer": with it a browser sends `Origin: null` on the app's own POSTs, and
    // the cross-site check would refuse them.
    referrerPolicy: { policy: 'same-origin' },
    // Over plain HTTP the header means nothing to a browser, and it would pin a local install
    // that later moves to HTTPS on a name it never meant to.
    strictTransportSecurity: https ? { maxAge: 31_536_000 } : false,
  });
}
