import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../../context';
import { checkOwnedSite } from '../../../domain/sites/site-checks';
import { presentDeployment } from '../../../presenters/deployment';
import { presentSite } from '../../../presenters/site';
import { presentUser } from '../../../presenters/user';
import { requireUser } from '../../auth';

const SiteParamsSchema = z.object({ siteId: z.string().min(1).max(100) });

/** The /debug screen's calls: what the server makes of the asker's session, and their sites. */
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
        user: user ? presentUser(ctx.config, user) : null,
        serverTime: new Date().toISOString(),
      };
    });

    app.get('/site-check/:siteId', async (request, reply) => {
      const user = requireUser(request);
      const { siteId } = SiteParamsSchema.parse(request.params);
      reply.header('cache-control', 'no-store');
      const { site, deployments, checks } = await checkOwnedSite(ctx.db, ctx.blobs, user, siteId);
      const latest = deployments[0];
      return {
        ok: checks.every((c) => c.ok),
        checkedAt: new Date().toISOString(),
        site: presentSite(ctx.config, site),
        deployments: {
          total: deployments.length,
          latest: latest ? presentDeployment(ctx.config, latest, site) : null,
        },
        checks,
      };
    });
  };
}
