import type { Logger } from 'pino';
import { addSiteViews } from '../db/queries/sites';
import type { Database } from '../db/database';

const FLUSH_MS = 5000;

// Obvious robots and tools; a real browser always says who it is.
const BOT =
  /bot|crawl|spider|slurp|preview|facebookexternalhit|headless|lighthouse|curl\/|wget|python-requests|go-http-client|httpclient|java\//i;

export function isBot(userAgent: string | undefined): boolean {
  return userAgent !== undefined && BOT.test(userAgent);
}

/**
 * Page views counted in memory and written in batches: a busy site costs one UPDATE per
 * flush, not one per visit. Flushed every few seconds and on shutdown.
 */
export class ViewCounter {
  private pending = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly log: Logger,
  ) {}

  count(siteId: string): void {
    this.pending.set(siteId, (this.pending.get(siteId) ?? 0) + 1);
  }

  start(): void {
    this.timer = setInterval(() => void this.flush(), FLUSH_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }

  flush(): Promise<void> {
    this.flushing = this.flushing
      .then(() => this.write())
      .catch((err) => this.log.warn({ err }, 'writing page views failed'));
    return this.flushing;
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    const day = new Date().toISOString().slice(0, 10);
    // A site deleted since its visits takes its views with it (addSiteViews skips it).
    for (const [siteId, views] of batch) {
      try {
        await addSiteViews(this.db, siteId, day, views);
      } catch (err) {
        this.log.warn({ err, siteId, views }, 'page views of a site were not recorded');
      }
    }
  }
}
