import { warnAboutBillingSettings } from './integrations/stripe/stripe-client';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { buildApp } from './app';
import { answerAcmeChallenge, createCertificateOrdering } from './certificates';
import { rotateTicketKeys, sessionIdContextOf } from './certificates/session-tickets';
import { createSniContexts } from './certificates/tls';
import type { Config } from './config';
import type { AppContext, Part } from './context';
import { migrateToLatest, openDatabase } from './db/database';
import { createEventBus } from './events';
import { createHosting } from './hosting';
import { isSiteHost } from './hosting/dispatcher';
import { ownDomainsOf } from './domain/domains/custom-domain-records';
import { createJobs } from './jobs';
import { createLinkPreviews } from './jobs/link-previews';
import { createRateCounter } from './limits/rate-counter';
import { createLogger, logDestination } from './logger';
import { createMailNotifications } from './mail';
import { createMailer } from './mailer/mailer';
import { createPipeline } from './pipeline';
import { createRealtime } from './realtime';
import { createDemoSeed } from './seed';
import { createBlobStore, type BlobStore } from './storage';

export interface RunningServer {
  url: string;
  port: number;
  ctx: AppContext;
  app: FastifyInstance;
  httpServer: http.Server;
  /** The HTTPS listener, when HTTPS_PORT is set. */
  httpsServer: https.Server | null;
  httpsPort: number | null;
  close(): Promise<void>;
}

export interface StartOptions {
  dev?: boolean;
  log?: Logger;
  webDir?: string;
  /** A blob store to use instead of the configured one (tests: a disk that fills up). */
  blobs?: BlobStore;
}

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/**
 * Opens the database, migrates, and composes the parts the configured roles ask for:
 * web (app, API, socket.io, sites) and worker (builds). Scheduled jobs run on every node;
 * the database makes each tick run once across the cluster.
 */
export async function startServer(config: Config, opts: StartOptions = {}): Promise<RunningServer> {
  const log = opts.log ?? createLogger(config.logLevel, logDestination(config.env));
  const web = config.roles.has('web');
  if (web && !config.roles.has('worker') && !config.redisUrl) {
    log.warn(
      'ROLES=web without REDIS_URL: this node hears only its own events, so nothing built by a separate worker reaches its sockets. Set REDIS_URL on every node to split web and worker.',
    );
  }
  warnAboutBillingSettings(config, log);
  const database = openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(database.db);
  const events = await createEventBus(config, log);
  const blobs = opts.blobs ?? (await createBlobStore(config, log));
  const rates = await createRateCounter(config, log);
  const ctx: AppContext = {
    config,
    db: database.db,
    dialect: database.dialect,
    log,
    events,
    blobs,
    mailer: createMailer(config, log),
    rates,
  };

  const hosting = web ? createHosting(ctx) : null;
  let devMiddleware: Middleware | null = null;
  let fastifyHandler: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  // The app's own server never listens: the public one hands it every request and upgrade
  // that is not for a site. socket.io attaches to it, so it answers /socket.io/ on the app's
  // host only and a site's own /socket.io/ files stay the site's.
  const appServer = http.createServer((req, res) => {
    const url = req.url ?? '/';
    if (devMiddleware && !url.startsWith('/api/') && !url.startsWith('/socket.io')) {
      devMiddleware(req, res, () => fastifyHandler?.(req, res));
      return;
    }
    fastifyHandler?.(req, res);
  });
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    // ACME's HTTP-01 check comes for any host we serve, verified or not, before anything else.
    if (answerAcmeChallenge(ctx, req, res)) return;
    // Sites first: a site host never reaches the API's routing.
    if (hosting?.dispatch(req, res)) return;
    appServer.emit('request', req, res);
  };
  const httpServer = http.createServer(handle);
  // Beside the HTTP listener and handing requests to the same handler; the certificate is
  // chosen per SNI name.
  const sni = config.httpsPort !== null ? createSniContexts(ctx) : null;
  const httpsServer = sni
    ? https.createServer(
        {
          ...sni.defaults,
          SNICallback: sni.SNICallback,
          sessionIdContext: sessionIdContextOf(config.secretKey),
        },
        handle,
      )
    : null;
  // Ticket keys from SECRET_KEY: a visitor's next connection resumes on whichever node it lands.
  const stopTicketRotation = httpsServer ? rotateTicketKeys(httpsServer, config.secretKey) : null;
  if (httpsServer) httpsServer.keepAliveTimeout = 65_000;
  // A TLS socket still in its handshake is no HTTP connection yet, so closeAllConnections
  // misses it and close() would wait for it: every TLS socket is kept here to be cut at the end.
  const tlsSockets = new Set<Socket>();
  httpsServer?.on('connection', (socket: Socket) => {
    tlsSockets.add(socket);
    socket.once('close', () => tlsSockets.delete(socket));
  });
  if (web) {
    const upgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (!isSiteHost(req.headers.host, config.sitesDomain, ownDomainsOf(config))) {
        appServer.emit('upgrade', req, socket, head);
      } else {
        // Sites are static files: nothing on a site host speaks websocket.
        socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      }
    };
    httpServer.on('upgrade', upgrade);
    httpsServer?.on('upgrade', upgrade);
  }
  // keep-alive longer than typical proxies' idle timeout, so they never reuse a closed socket
  httpServer.keepAliveTimeout = 65_000;
  const realtime = web ? createRealtime(ctx, appServer) : null;
  // Started in this order, stopped in the reverse one.
  const parts: Part[] = [];
  if (hosting) parts.push(hosting);
  parts.push(createCertificateOrdering(ctx));
  if (config.roles.has('worker')) parts.push(createPipeline(ctx));
  // The port is known once the server listens, before any part starts.
  let listeningPort = 0;
  parts.push(createJobs(ctx, web ? { port: () => listeningPort } : null));
  // Previews are screenshots through this node's own hosting: on web nodes, claimed once.
  if (web && config.linkPreviews)
    parts.push(createLinkPreviews(ctx, { port: () => listeningPort }));
  if (web && config.seedDemos) parts.push(createDemoSeed(ctx));
  if (web) parts.push(createMailNotifications(ctx));

  const app = await buildApp(ctx, {
    web,
    dev: opts.dev ?? false,
    ...(opts.webDir ? { webDir: opts.webDir } : {}),
    serverFactory: (handler) => {
      fastifyHandler = handler;
      return httpServer;
    },
  });

  let vite: { close(): Promise<void> } | null = null;
  if (opts.dev && web) {
    const { createServer } = await import('vite');
    const server = await createServer({
      configFile: new URL('../../vite.config.ts', import.meta.url).pathname,
      server: { middlewareMode: true, hmr: { server: httpServer } },
      appType: 'spa',
    });
    devMiddleware = server.middlewares;
    vite = server;
  }

  await app.listen({ port: config.port, host: config.host });
  const port = (httpServer.address() as AddressInfo).port;
  listeningPort = port;
  let httpsPort: number | null = null;
  if (httpsServer) {
    await new Promise<void>((resolve, reject) => {
      httpsServer.once('error', reject);
      httpsServer.listen(config.httpsPort ?? 0, config.host, () => resolve());
    });
    httpsPort = (httpsServer.address() as AddressInfo).port;
  }
  for (const part of parts) await part.start();
  log.info(
    { port, httpsPort, roles: [...config.roles] },
    `Artifact host ready at ${config.appOrigin} (roles: ${[...config.roles].join(', ')}; sites on *.${config.sitesDomain})`,
  );

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      // Open websockets would keep the server from closing: they go first.
      await realtime?.stop();
      // Fastify stops accepting and lets in-flight requests finish. A keep-alive socket
      // whose request ends during the drain only becomes idle later, so sweep idle sockets
      // until the drain is over; past a deadline, cut whatever is left.
      const sweep = setInterval(() => httpServer.closeIdleConnections(), 50);
      const deadline = setTimeout(() => httpServer.closeAllConnections(), 10_000);
      const closeHttps = httpsServer
        ? new Promise<void>((resolve) => {
            httpsServer.close(() => resolve());
            httpsServer.closeIdleConnections();
          })
        : null;
      try {
        await app.close();
        httpsServer?.closeAllConnections();
        for (const socket of tlsSockets) socket.destroy();
        await closeHttps;
      } finally {
        sni?.close();
        stopTicketRotation?.();
        clearInterval(sweep);
        clearTimeout(deadline);
      }
      const steps = [
        ...parts.reverse().map((part) => () => part.stop()),
        () => vite?.close(),
        () => events.close(),
        () => rates.close(),
        () => blobs.close(),
        () => ctx.mailer.close(),
      ];
      for (const step of steps) {
        try {
          await step();
        } catch (err) {
          log.error({ err }, 'shutdown step failed');
        }
      }
      await database.close();
    })();
    return closing;
  };

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    ctx,
    app,
    httpServer,
    httpsServer,
    httpsPort,
    close,
  };
}
