import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { siteByCustomDomain } from '../../db/queries/sites';

/**
 * For operators whose proxy gets certificates itself (Caddy's on-demand TLS asks
 * `ask <origin>/api/internal/tls-allowed`): 200 only for a VERIFIED custom domain, so nobody
 * makes the proxy order certificates for names that are not ours.
 */
export function internalRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/tls-allowed', async (request, reply) => {
      const { domain } = request.query as { domain?: unknown };
      const name = typeof domain === 'string' ? domain.trim().toLowerCase() : '';
      const site = name ? await siteByCustomDomain(ctx.db, name) : undefined;
      if (site?.custom_domain_status === 'VERIFIED') return reply.code(200).send({ allowed: true });
      return reply.code(404).send({ allowed: false });
    });
  };
}
