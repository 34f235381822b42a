import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppContext, Part } from '../context';
import { hostedSiteByCustomDomain } from '../db/queries/sites';
import { ownDomainsOf } from '../domain/domains/custom-domain-records';
import { mayWhiteLabel } from '../domain/policy';
import { createAiProxy } from './ai-proxy';
import { BlobCache } from './blob-cache';
import { createSiteDispatcher } from './dispatcher';
import { sitePages } from './pages';
import { SiteCache } from './site-cache';
import { ViewCounter } from './views';

export interface Hosting extends Part {
  /** Answers a request for a site host; false for any other host (the app and API). */
  dispatch(req: IncomingMessage, res: ServerResponse): boolean;
}

/** Serves sites by Host header in processes with the web role, and counts their views. */
export function createHosting(ctx: AppContext): Hosting {
  const blobs = new BlobCache(ctx.blobs);
  const sites = new SiteCache(ctx.db, blobs);
  const domains = new SiteCache(ctx.db, blobs, hostedSiteByCustomDomain);
  const views = new ViewCounter(ctx.db, ctx.log, ctx.config.enableAnalytics);
  // Every node hears these, whichever node published, rolled back or deleted.
  const unsubscribe = [
    ctx.events.on('site.changed', (e) => {
      sites.invalidate(e.siteId);
      domains.invalidate(e.siteId);
    }),
    ctx.events.on('site.deleted', (e) => {
      sites.invalidate(e.siteId);
      domains.invalidate(e.siteId);
    }),
  ];
  return {
    dispatch: createSiteDispatcher({
      db: ctx.db,
      log: ctx.log,
      sitesDomain: ctx.config.sitesDomain,
      trustProxy: ctx.config.trustProxy,
      storageQuotaBytes: ctx.config.siteStorageQuotaBytes,
      ownDomains: ownDomainsOf(ctx.config),
      sites,
      httpsPort: ctx.config.httpsPort,
      domains,
      views,
      ai: createAiProxy(ctx),
      rates: ctx.rates,
      pages: sitePages(ctx.config.appOrigin),
      look: {
        pages: sitePages(ctx.config.appOrigin),
        mayWhiteLabel: (owner) => mayWhiteLabel(ctx.config, owner),
        trustProxy: ctx.config.trustProxy,
      },
      readBlob: (sha256) => blobs.peek(sha256) ?? blobs.get(sha256),
    }),
    start: () => views.start(),
    stop: async () => {
      for (const off of unsubscribe) off();
      await views.stop();
    },
  };
}
