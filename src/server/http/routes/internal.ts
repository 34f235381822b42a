import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { mayGetCertificate } from '../../domain/policy';

/**
 * For operators whose proxy gets certificates itself (Caddy's on-demand TLS asks
 * `ask <origin>/api/internal/tls-allowed`): 200 only for a name the policy allows.
 */
export function internalRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/tls-allowed', async (request, reply) => {
      const { domain } = request.query as { domain?: unknown };
      if (await mayGetCertificate(ctx.db, domain)) {
        return reply.code(200).send({ allowed: true });
      }
      return reply.code(404).send({ allowed: false });
    });
  };
}
