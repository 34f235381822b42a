import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { Logger } from 'pino';
import { SITE_RUNTIME_ENDPOINTS } from '../../builder/contract';
import type { Database } from '../db/database';
import { checkCustomDomain, type OwnDomains } from '../domain/domains/custom-domain-names';
import { isExpired } from '../domain/sites/expiry';
import { normalAddress, type RateCounter } from '../limits/rate-counter';
import { DISK_FULL_MESSAGE, isDiskFull } from '../errors';
import type { AiProxy } from './ai-proxy';
import { sendJson } from './runtime-http';
import { BrokenBlobError } from './blob-cache';
import type { SitePages } from './pages';
import { sendPage, serveFile } from './serve';
import type { HostedSite, SiteCache } from './site-cache';
import { pictureOf, sendPicture, siteLook, type SiteLookDeps } from './site-look';
import { handleStorage, STORAGE_PATH } from './storage-api';
import { isBot, type ViewCounter } from './views';

export const AI_PATH = SITE_RUNTIME_ENDPOINTS.claudeComplete;

function hostname(host: string): string {
  // Strip a port; an IPv6 literal never names a site.
  return host.startsWith('[') ? host : host.replace(/:\d+$/, '').toLowerCase();
}

/** The subdomain a Host header names under the sites domain, or null for any other host. */
export function subdomainOf(host: string | undefined, sitesDomain: string): string | null {
  if (!host) return null;
  const name = hostname(host);
  const suffix = `.${hostname(sitesDomain)}`;
  if (!name.endsWith(suffix)) return null;
  return name.slice(0, -suffix.length);
}

/**
 * The custom domain a Host header names, or null for hosts that cannot be one (an IP address,
 * localhost, the app's or the sites domain, a name without a public suffix): those are the app's.
 */
export function customDomainOf(host: string | undefined, own: OwnDomains): string | null {
  if (!host) return null;
  const name = hostname(host);
  // Every API and app request comes here first: its own host is answered without the rule.
  if (own.hosts.includes(name)) return null;
  const check = checkCustomDomain(name, own);
  return check.ok ? check.domain : null;
}

/** Whether a Host header names a site (a subdomain of the sites domain, or a custom domain). */
export function isSiteHost(
  host: string | undefined,
  sitesDomain: string,
  own: OwnDomains,
): boolean {
  return subdomainOf(host, sitesDomain) !== null || customDomainOf(host, own) !== null;
}

export interface DispatcherDeps {
  db: Database;
  log: Logger;
  sitesDomain: string;
  /** Whether X-Forwarded-For names the visitor (a proxy in front sets it). */
  trustProxy: boolean;
  /** Bytes of window.storage values one account may keep across its sites. */
  storageQuotaBytes: number;
  /** The app's and the sites domain's host names: never custom domains. */
  ownDomains: OwnDomains;
  sites: SiteCache;
  /** Verified custom domain → site; an unknown or unverified one answers the "no site" page. */
  domains: SiteCache;
  views: ViewCounter;
  /** The HTTPS listener's port (HTTPS_PORT); null: no redirect to https://. */
  httpsPort: number | null;
  /** Answers window.claude.complete with the site owner's AI key. */
  ai: AiProxy;
  /** The request-rate budgets of window.storage (and, through ai, of the AI proxy). */
  rates: RateCounter;
  /** The pages shown instead of a site file (not found, expired, disabled…). */
  pages: SitePages;
  /** Page settings and white-label (site-look.ts); without it, sites are served as built. */
  look?: SiteLookDeps;
  /** Reads a stored blob: the pictures of a site's page settings. */
  readBlob?: (sha256: string) => Buffer | Promise<Buffer>;
}

/**
 * The visitor's address. Behind a trusted proxy it is the last X-Forwarded-For hop, the
 * one the proxy itself added: the hops before it are whatever the client wrote, and a
 * rate limit keyed on those would be dodged by writing a new one each time.
 */
export function visitorOf(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = trustProxy ? req.headers['x-forwarded-for'] : undefined;
  const last = (Array.isArray(forwarded) ? forwarded.at(-1) : forwarded)?.split(',').at(-1)?.trim();
  return last || req.socket.remoteAddress || 'unknown';
}

/** The visitor as the site-side rate limits count it: the same normalised address as the API's. */
function limitedVisitor(req: IncomingMessage, deps: Pick<DispatcherDeps, 'trustProxy'>): string {
  return normalAddress(visitorOf(req, deps.trustProxy));
}

/** Host → site → file, before Fastify: returns false for hosts that are not sites. */
export function createSiteDispatcher(deps: DispatcherDeps) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    let subdomain = subdomainOf(req.headers.host, deps.sitesDomain);
    let cache = deps.sites;
    if (subdomain === null) {
      subdomain = customDomainOf(req.headers.host, deps.ownDomains);
      if (subdomain === null) return false;
      cache = deps.domains;
    }
    const failed = (err: unknown) => {
      // A write of window.storage or the AI proxy's count found the disk or database full.
      if (isDiskFull(err) && !res.headersSent) {
        deps.log.error({ err, subdomain }, 'a write of a site found the disk or the database full');
        return sendJson(res, 507, { error: DISK_FULL_MESSAGE });
      }
      const broken = err instanceof BrokenBlobError;
      if (err instanceof BrokenBlobError) {
        // The deployment says the file exists: its stored copy is gone or damaged.
        deps.log.error(
          { subdomain, ...err.file, sha256: err.sha256, problem: err.problem },
          `a stored file of a site is ${err.problem}`,
        );
      } else {
        deps.log.error({ err, subdomain }, 'serving a site failed');
      }
      // A white-labelled site's failure pages name the platform no more than its others.
      const known = cache.peek(subdomain);
      const pages = known && deps.look ? siteLook(deps.look, known.site, req).pages : deps.pages;
      const page = broken ? pages.brokenFile : pages.notFound(hostname(req.headers.host ?? ''));
      if (!res.headersSent) sendPage(res, 500, page, req.method === 'HEAD');
      else res.destroy();
    };
    try {
      // A loaded site is answered synchronously; only a first visit waits for its manifest.
      const known = cache === deps.sites && subdomain.includes('.') ? null : cache.peek(subdomain);
      const done =
        known === undefined
          ? cache
              .get(subdomain)
              .then((site) => handle(deps, site, req, res, cache === deps.domains))
          : handle(deps, known, req, res, cache === deps.domains);
      if (done) done.catch(failed);
    } catch (err) {
      failed(err);
    }
    return true;
  };
}

function handle(
  deps: DispatcherDeps,
  hosted: HostedSite | null,
  req: IncomingMessage,
  res: ServerResponse,
  custom: boolean,
): void | Promise<void> {
  const head = req.method === 'HEAD';
  if (!hosted) return sendPage(res, 404, deps.pages.noSite, head);
  const { site } = hosted;
  const host = hostname(req.headers.host ?? '');
  const look = deps.look ? siteLook(deps.look, site, req) : { pages: deps.pages };
  // Before anything else of the site (its storage and AI endpoints too): 451, files kept.
  if (site.disabled_at) return sendPage(res, 451, look.pages.disabled(host), head);
  // Once the domain's certificate is served, plain HTTP only points there (308 keeps the
  // method). The ACME challenge path never reaches here: it is answered before hosting.
  if (
    custom &&
    deps.httpsPort !== null &&
    site.ssl_status === 'ACTIVE' &&
    site.custom_domain &&
    !(req.socket as TLSSocket).encrypted
  ) {
    const port = deps.httpsPort === 443 ? '' : `:${deps.httpsPort}`;
    res.writeHead(308, { location: `https://${site.custom_domain}${port}${req.url ?? '/'}` });
    res.end();
    return;
  }
  if (isExpired(site)) {
    return sendPage(res, 410, look.pages.expired(host), head);
  }
  const url = req.url ?? '/';
  const picture = deps.readBlob && pictureOf(site, url);
  if (picture === null) return sendPage(res, 404, look.pages.notFound(host), head);
  if (picture && deps.readBlob) {
    const versioned = url.includes('?v=');
    const body = deps.readBlob(picture.sha256);
    if (!(body instanceof Promise)) return sendPicture(res, picture, body, versioned, head);
    return body.then((b) => sendPicture(res, picture, b, versioned, head));
  }
  if (
    url === STORAGE_PATH ||
    url.startsWith(`${STORAGE_PATH}/`) ||
    url.startsWith(`${STORAGE_PATH}?`)
  ) {
    return handleStorage(
      deps.db,
      deps.rates,
      { site, visitor: limitedVisitor(req, deps), quotaBytes: deps.storageQuotaBytes },
      req,
      res,
    );
  }
  if (url === AI_PATH || url.startsWith(`${AI_PATH}?`)) {
    return deps.ai(site, limitedVisitor(req, deps), req, res);
  }
  if (!site.current_deployment_id) return sendPage(res, 503, look.pages.building, head);
  return serveFile(req, res, hosted.route, {
    notFoundPage: () => look.pages.notFound(host),
    html: look.html,
    onDocument: () => {
      const userAgent = req.headers['user-agent'];
      if (isBot(userAgent)) return;
      deps.views.record({
        siteId: site.id,
        url,
        referer: req.headers.referer,
        host: req.headers.host,
        address: visitorOf(req, deps.trustProxy),
        userAgent,
      });
    },
  });
}
