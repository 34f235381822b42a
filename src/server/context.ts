import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { Config } from './config';
import type { Database, Dialect } from './db/database';
import type { RealtimePublisher } from './realtime/publisher';
import type { BlobStore } from './storage/blob-store';

/**
 * Everything a request or a background job needs, built once at start.
 * Parts add their services here (one field each) instead of reaching for globals.
 */
export interface AppContext {
  config: Config;
  db: Database;
  dialect: Dialect;
  log: Logger;
  /**
   * Offered every request before Fastify sees it; returns true when it handled the request
   * (a site host). Serving sites this way never pays for the API's routing and hooks.
   */
  siteDispatcher?: (req: IncomingMessage, res: ServerResponse) => boolean;
  /** The one HTTP server (set by startServer before onStart runs; socket.io attaches to it). */
  httpServer?: Server;
  /** Content-addressed file storage (storage part). */
  blobs?: BlobStore;
  /** Realtime events to the app's sockets (realtime part); absent means nobody listens. */
  realtime?: RealtimePublisher;
  /** Forget what hosting cached about a site (after publish, rollback, delete). */
  invalidateSite?: (siteId: string) => void;
  /** Tell the build worker a deployment is waiting (pipeline part). */
  wakePipeline?: () => void;
  /** Run after the server listens (workers, timers, socket.io). */
  onStart: Array<() => Promise<void> | void>;
  /** Run on shutdown after in-flight requests have drained, before the database closes. */
  onClose: Array<() => Promise<void> | void>;
}
