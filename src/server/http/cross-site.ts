import type { FastifyInstance } from 'fastify';
import { tokenFrom } from '../auth-token';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import { CROSS_SITE_MESSAGE, fromOwnOrigin, ownOrigins } from '../request-origin';

const CHANGES_STATE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A state-changing call that a session cookie authenticates must come from the app's own
 * pages. SameSite=Lax does not stop a page on a sibling subdomain (same site), so sites on
 * the sites domain could otherwise act as their visitors. A bearer token is never sent by a
 * browser on its own, so calls carrying one are left alone.
 */
export function registerCrossSiteCheck(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onRequest', async (request) => {
    if (!CHANGES_STATE.has(request.method)) return;
    if (tokenFrom({ authorization: request.headers.authorization })) return;
    if (!tokenFrom({ cookie: request.headers.cookie })) return;
    const own = ownOrigins(ctx.config.appOrigin, request.protocol, request.host);
    if (fromOwnOrigin(request.headers, own) === false) {
      request.log.info(
        { origin: request.headers.origin, referer: request.headers.referer },
        'cross-site request refused',
      );
      throw new AppError(403, 'CROSS_SITE_REQUEST', CROSS_SITE_MESSAGE);
    }
  });
}
