import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../context';
import { presentUser } from '../../../presenters/user';
import { requireUser } from '../../auth';
import { checkOwnedSite } from './checks';

type SiteParams = { siteId: string };

/** SPEC.md section 2, /debug: what the server makes of the asker's session, and their sites. */
export function debugRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    // Answers even without a session: "not signed in" is exactly what this page must show.
    app.get('/auth-status', async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = request.currentUser;
      const header = request.headers.authorization;
      return {
        authenticated: user !== null,
        tokenSource: !request.authToken
          ? null
          : header?.startsWith('Bearer ') && header.slice(7).trim() === request.authToken
            ? 'header'
            : 'cookie',
        bearerHeaderSent: Boolean(header?.startsWith('Bearer ')),
        sessionExpiresAt: request.sessionExpiresAt,
        user: user ? presentUser(user) : null,
        serverTime: new Date().toISOString(),
      };
    });

    app.get<{ Params: SiteParams }>('/site-check/:siteId', async (request, reply) => {
      const user = requireUser(request);
      reply.header('cache-control', 'no-store');
      return checkOwnedSite(ctx.db, ctx.config, user, request.params.siteId);
    });
  };
}
