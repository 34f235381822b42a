import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';

/** What the web app needs to know about this installation (no secrets). */
export function configRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/', async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return {
        sitesDomain: ctx.config.sitesDomain,
        sitesProtocol: ctx.config.sitesProtocol,
        features: { analytics: ctx.config.enableAnalytics },
      };
    });
  };
}
