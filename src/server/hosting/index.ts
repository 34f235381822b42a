import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppContext, Part } from '../context';
import { hostedSiteByCustomDomain, hostedSitesByCustomDomains } from '../db/queries/sites';
import { hostedSiteVersion, hostedSiteVersions } from '../db/queries/version-links';
import { ownDomainsOf } from '../domain/domains/custom-domain-records';
import { mayWhiteLabel } from '../domain/policy';
import { AccessCookies } from '../domain/sites/access-cookies';
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
  // Custom domains and version links are few beside live subdomains: a tenth of the budget each.
  const maxBytes = ctx.config.siteCacheMaxBytes;
  const sites = new SiteCache(ctx.db, blobs, { maxBytes: Math.ceil(maxBytes * 0.8) });
  const versions = new SiteCache(ctx.db, blobs, {
    maxBytes: Math.floor(maxBytes * 0.1),
    lookup: hostedSiteVersion,
    lookupMany: hostedSiteVersions,
  });
  const domains = new SiteCache(ctx.db, blobs, {
    maxBytes: Math.floor(maxBytes * 0.1),
    lookup: hostedSiteByCustomDomain,
    lookupMany: hostedSitesByCustomDomains,
  });
  const views = new ViewCounter(ctx.db, ctx.log, ctx.config.enableAnalytics);
  const look = {
    pages: sitePages(ctx.config.appOrigin),
    mayWhiteLabel: (owner: Parameters<typeof mayWhiteLabel>[1]) => mayWhiteLabel(ctx.config, owner),
    trustProxy: ctx.config.trustProxy,
    appOrigin: ctx.config.appOrigin,
  };
  // Every node hears these, whichever node published, rolled back or deleted.
  const unsubscribe = [
    ctx.events.on('site.changed', (e) => {
      sites.invalidate(e.siteId);
      domains.invalidate(e.siteId);
      versions.invalidate(e.siteId);
    }),
    ctx.events.on('site.deleted', (e) => {
      sites.invalidate(e.siteId);
      domains.invalidate(e.siteId);
      versions.invalidate(e.siteId);
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
      versions,
      views,
      ai: createAiProxy(ctx),
      rates: ctx.rates,
      pages: sitePages(ctx.config.appOrigin),
      look,
      readBlob: (sha256) => blobs.peek(sha256) ?? blobs.get(sha256),
      access: {
        db: ctx.db,
        cookies: new AccessCookies(ctx.config.secretKey),
        rates: ctx.rates,
        trustProxy: ctx.config.trustProxy,
        appOrigin: ctx.config.appOrigin,
        look,
      },
    }),
    start: () => {
      sites.start();
      domains.start();
      versions.start();
      return views.start();
    },
    stop: async () => {
      for (const off of unsubscribe) off();
      await Promise.all([sites.stop(), domains.stop(), versions.stop()]);
      await views.stop();
    },
  };
}
