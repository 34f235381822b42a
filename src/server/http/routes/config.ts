import type { FastifyPluginAsync } from 'fastify';
import type { OAuthPublicConfig } from '../../../shared/oauth';
import type { AppContext } from '../../context';
import { callbackUrl } from '../../integrations/oauth/types';

/** What the web app needs to know about this installation (no secrets). */
export function configRoutes(ctx: AppContext): FastifyPluginAsync {
  const { oauth } = ctx.config;
  const provider = (id: 'github' | 'google') => ({
    configured: oauth[id] !== null,
    callbackUrl: callbackUrl(oauth.callbackBaseUrl, id),
  });
  // The sign-in buttons know before leaving the page whether the provider is set up.
  const oauthAnswer: OAuthPublicConfig = {
    enabled: oauth.enabled,
    providers: { github: provider('github'), google: provider('google') },
  };
  return async (app) => {
    app.get('/', async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return {
        sitesDomain: ctx.config.sitesDomain,
        sitesProtocol: ctx.config.sitesProtocol,
        oauth: oauthAnswer,
        features: { analytics: ctx.config.enableAnalytics },
      };
    });
  };
}
