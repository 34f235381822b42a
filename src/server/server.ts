import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { buildApp } from './app';
import type { Config } from './config';
import type { AppContext } from './context';
import { migrateToLatest, openDatabase } from './db/database';
import { createLogger } from './logger';
import { registerParts } from './parts';

export interface RunningServer {
  url: string;
  port: number;
  ctx: AppContext;
  app: FastifyInstance;
  httpServer: http.Server;
  close(): Promise<void>;
}

export interface StartOptions {
  dev?: boolean;
  log?: Logger;
  webDir?: string;
}

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** Opens the database, migrates, builds the app, listens, and starts the configured roles. */
export async function startServer(config: Config, opts: StartOptions = {}): Promise<RunningServer> {
  const log = opts.log ?? createLogger(config.logLevel);
  const database = openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(database.db);
  const ctx: AppContext = {
    config,
    db: database.db,
    dialect: database.dialect,
    log,
    onStart: [],
    onClose: [],
  };
  await registerParts(ctx);

  let devMiddleware: Middleware | null = null;
  let fastifyHandler: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  const httpServer = http.createServer((req, res) => {
    // Sites first: a site host never reaches the API's routing.
    if (ctx.siteDispatcher?.(req, res)) return;
    const url = req.url ?? '/';
    if (devMiddleware && !url.startsWith('/api/') && !url.startsWith('/socket.io')) {
      devMiddleware(req, res, () => fastifyHandler?.(req, res));
      return;
    }
    fastifyHandler?.(req, res);
  });
  ctx.httpServer = httpServer;
  // keep-alive longer than typical proxies' idle timeout, so they never reuse a closed socket
  httpServer.keepAliveTimeout = 65_000;

  const app = await buildApp(ctx, {
    dev: opts.dev ?? false,
    ...(opts.webDir ? { webDir: opts.webDir } : {}),
    serverFactory: (handler) => {
      fastifyHandler = handler;
      return httpServer;
    },
  });

  if (opts.dev) {
    const { createServer } = await import('vite');
    const vite = await createServer({
      configFile: new URL('../../vite.config.ts', import.meta.url).pathname,
      server: { middlewareMode: true, hmr: { server: httpServer } },
      appType: 'spa',
    });
    devMiddleware = vite.middlewares;
    ctx.onClose.push(() => vite.close());
  }

  await app.listen({ port: config.port, host: config.host });
  const port = (httpServer.address() as AddressInfo).port;
  for (const start of ctx.onStart) await start();
  log.info({ port, appOrigin: config.appOrigin, sitesDomain: config.sitesDomain }, 'listening');

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      // Fastify stops accepting and lets in-flight requests finish. A keep-alive socket
      // whose request ends during the drain only becomes idle later, so sweep idle sockets
      // until the drain is over; past a deadline, cut whatever is left.
      const sweep = setInterval(() => httpServer.closeIdleConnections(), 50);
      const deadline = setTimeout(() => httpServer.closeAllConnections(), 10_000);
      try {
        await app.close();
      } finally {
        clearInterval(sweep);
        clearTimeout(deadline);
      }
      for (const stop of ctx.onClose.reverse()) {
        try {
          await stop();
        } catch (err) {
          log.error({ err }, 'shutdown step failed');
        }
      }
      await database.close();
    })();
    return closing;
  };

  return { url: `http://127.0.0.1:${port}`, port, ctx, app, httpServer, close };
}
