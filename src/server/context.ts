import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { Config } from './config';
import type { Database, Dialect } from './db/database';

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
  /** Run after the server listens (workers, timers, socket.io). */
  onStart: Array<() => Promise<void> | void>;
  /** Run on shutdown after in-flight requests have drained, before the database closes. */
  onClose: Array<() => Promise<void> | void>;
}
