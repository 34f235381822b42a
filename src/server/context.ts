import type { Logger } from 'pino';
import type { Config } from './config';
import type { Database, Dialect } from './db/database';
import type { EventBus } from './events';
import type { RateCounter } from './limits/rate-counter';
import type { Mailer } from './mailer/mailer';
import type { BlobStore } from './storage/blob-store';

/**
 * The services every part is built with, all present from the start: parts receive what
 * they need at construction and tell each other what happened through `events`.
 */
export interface AppContext {
  readonly config: Config;
  readonly db: Database;
  readonly dialect: Dialect;
  readonly log: Logger;
  readonly events: EventBus;
  /** Content-addressed file storage: a local folder, or an S3 bucket. */
  readonly blobs: BlobStore;
  /** E-mail out (SMTP_URL); without it, messages are logged outside production. */
  readonly mailer: Mailer;
  /** Request-rate budgets: in Redis when REDIS_URL is set, so they hold across web nodes. */
  readonly rates: RateCounter;
}

/** A part with work of its own that begins once the server listens and ends at shutdown. */
export interface Part {
  start(): Promise<void> | void;
  stop(): Promise<void> | void;
}
