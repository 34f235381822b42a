import type { AppContext } from '../context';
import { BlobCache } from './blob-cache';
import { createSiteDispatcher } from './dispatcher';
import { purgeExpiredSites } from './expiry';
import { SiteCache } from './site-cache';
import { ViewCounter } from './views';

const PURGE_EVERY_MS = 10 * 60 * 1000;

/** Serves sites by Host header in processes with the web role; counts their views. */
export function registerHosting(ctx: AppContext): void {
  if (!ctx.config.roles.has('web') || !ctx.blobs) return;
  const sites = new SiteCache(ctx.db, new BlobCache(ctx.blobs));
  const views = new ViewCounter(ctx.db);
  ctx.invalidateSite = (siteId) => sites.invalidate(siteId);
  ctx.siteDispatcher = createSiteDispatcher({
    db: ctx.db,
    log: ctx.log,
    sitesDomain: ctx.config.sitesDomain,
    sites,
    views,
  });
  let purge: NodeJS.Timeout | null = null;
  ctx.onStart.push(() => {
    views.start();
    const run = () =>
      purgeExpiredSites(ctx).catch((err) => ctx.log.error({ err }, 'purging expired sites failed'));
    void run();
    purge = setInterval(run, PURGE_EVERY_MS);
    purge.unref();
  });
  ctx.onClose.push(async () => {
    if (purge) clearInterval(purge);
    await views.stop();
  });
}
