import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerFactory,
} from 'fastify';
import type { AppContext } from './context';
import { registerAuth } from './http/auth';
import { errorBody, registerErrorHandler } from './http/error-handler';
import { registerApiRoutes } from './http/routes';
import { registerSpa, wantsApp } from './http/spa';

export const WEB_DIST = path.resolve(import.meta.dirname, '../../dist/web');

export interface AppOptions {
  serverFactory?: FastifyServerFactory;
  /** Serve the web app from this folder (tests may point elsewhere). */
  webDir?: string;
  /** Skip the SPA (Vite's dev server serves the app instead). */
  dev?: boolean;
}

/** The API process: JSON routes under /api, the React app for everything else. */
export async function buildApp(ctx: AppContext, opts: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.log as FastifyBaseLogger,
    trustProxy: ctx.config.trustProxy,
    bodyLimit: 12 * 1024 * 1024,
    forceCloseConnections: 'idle',
    genReqId: () => crypto.randomUUID(),
    ...(opts.serverFactory ? { serverFactory: opts.serverFactory } : {}),
  });
  await app.register(fastifyCookie);
  registerErrorHandler(app);
  registerAuth(app, ctx);
  await registerApiRoutes(app, ctx);
  const sendApp = opts.dev ? null : await registerSpa(app, opts.webDir ?? WEB_DIST);
  app.setNotFoundHandler((request, reply) => {
    if (sendApp && wantsApp(request)) return sendApp(reply);
    return reply.status(404).send(errorBody('Not found', 'NOT_FOUND'));
  });
  return app;
}
