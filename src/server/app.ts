import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerFactory,
} from 'fastify';
import type { AppContext } from './context';
import { registerAuth } from './http/auth';
import { registerCrossSiteCheck } from './http/cross-site';
import {
  clientErrorHandler,
  errorBody,
  frameworkError,
  registerErrorHandler,
} from './http/error-handler';
import { registerRateLimits } from './http/rate-limits';
import { registerApiRoutes } from './http/routes';
import { registerMcpRoute } from './http/routes/mcp';
import { healthRoutes } from './http/routes/health';
import { registerSecurityHeaders } from './http/security-headers';
import { registerSpa, wantsApp } from './http/spa';

export const WEB_DIST = path.resolve(import.meta.dirname, '../../dist/web');

export interface AppOptions {
  /** The web role: the API and the app. Without it only /api/health answers (a worker node). */
  web: boolean;
  serverFactory?: FastifyServerFactory;
  /** Serve the web app from this folder (tests may point elsewhere). */
  webDir?: string;
  /** Skip the SPA (Vite's dev server serves the app instead). */
  dev?: boolean;
}

/** The web role's HTTP app: JSON routes under /api, the React app for everything else. */
export async function buildApp(ctx: AppContext, opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.log as FastifyBaseLogger,
    trustProxy: ctx.config.trustProxy,
    bodyLimit: 12 * 1024 * 1024,
    forceCloseConnections: 'idle',
    // One line per request, at debug (below): Fastify's own two lines at info drown the events.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: () => crypto.randomUUID(),
    frameworkErrors: frameworkError,
    clientErrorHandler,
    ...(opts.serverFactory ? { serverFactory: opts.serverFactory } : {}),
  });
  registerErrorHandler(app);
  app.addHook('onResponse', async (request, reply) => {
    request.log.debug(
      `${request.method} ${request.url.split('?')[0]} → ${reply.statusCode} in ${reply.elapsedTime.toFixed(1)} ms`,
    );
  });
  if (!opts.web) {
    await app.register(healthRoutes, { prefix: '/api/health' });
    app.setNotFoundHandler((_request, reply) =>
      reply.status(404).send(errorBody('This node only builds; it serves no pages.', 'NOT_FOUND')),
    );
    return app;
  }
  const webDir = opts.webDir ?? WEB_DIST;
  await registerSecurityHeaders(app, ctx, webDir);
  await app.register(fastifyCookie);
  registerCrossSiteCheck(app, ctx);
  registerAuth(app, ctx);
  await registerRateLimits(app, ctx.rates);
  await registerApiRoutes(app, ctx);
  registerMcpRoute(app, ctx);
  const sendApp = opts.dev ? null : await registerSpa(app, webDir);
  app.setNotFoundHandler((request, reply) => {
    if (sendApp && wantsApp(request)) return sendApp(reply);
    return reply.status(404).send(errorBody('Not found', 'NOT_FOUND'));
  });
  return app;
}
