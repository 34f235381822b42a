import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { VERSION_LABEL } from '../../shared/version-links';
import type { Logger } from 'pino';
import { SITE_RUNTIME_ENDPOINTS } from '../../builder/contract';
import type { Database } from '../db/database';
import { checkCustomDomain, type OwnDomains } from '../domain/domains/custom-domain-names';
import { isExpired } from '../domain/sites/expiry';
import { frameAncestorsPolicy } from '../domain/sites/site-embedding';
import { normalAddress, type RateCounter } from '../limits/rate-counter';
import { DISK_FULL_MESSAGE, isDiskFull } from '../errors';
import type { AiProxy } from './ai-proxy';
import { privateDoor, type PrivateAccessDeps } from './private-access';
import { sendJson } from './runtime-http';
import { BrokenBlobError } from './blob-cache';
import type { SitePages } from './pages';
import { sendPage, serveFile, siteHeaders, type ServeOptions } from './serve';
import type { HostedSite, SiteCache } from './site-cache';
import { pictureOf, sendPicture, siteLook, type SiteLook, type SiteLookDeps } from './site-look';
import { handleStorage, STORAGE_PATH } from './storage-api';
import { markVersionAnswer, versionLook } from './version-pages';
import type { ViewCounter } from './views';

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

/** What a Host header names: a site by subdomain, a custom domain, or the app (null). */
interface HostTarget {
  key: string;
  custom: boolean;
  /** a version link, v{N}--{subdomain}: served from `versions`, marked noindex */
  version: boolean;
  /** the host name without its port, for the pages that name it */
  name: string;
}

const MAX_REMEMBERED_HOSTS = 4096;

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
  /** v{N}--{subdomain} → that version of the site; none while the site's version links are off. */
  versions: SiteCache;
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
  /** The door of private sites (private-access.ts); without it, a private site is not served. */
  access?: PrivateAccessDeps;
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
  // A Host header's meaning never changes: worked out once per header value (the suffix
  // test, the custom-domain rule), then one Map lookup per request.
  const targets = new Map<string, HostTarget | null>();
  const targetOf = (host: string | undefined): HostTarget | null => {
    if (!host) return null;
    let target = targets.get(host);
    if (target === undefined) {
      const subdomain = subdomainOf(host, deps.sitesDomain);
      const domain = subdomain === null ? customDomainOf(host, deps.ownDomains) : null;
      const key = subdomain ?? domain;
      target =
        key === null
          ? null
          : {
              key,
              custom: subdomain === null,
              version: subdomain !== null && VERSION_LABEL.test(subdomain),
              name: hostname(host),
            };
      if (targets.size >= MAX_REMEMBERED_HOSTS) targets.clear();
      targets.set(host, target);
    }
    return target;
  };
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const target = targetOf(req.headers.host);
    if (target === null) return false;
    const cache = target.custom ? deps.domains : target.version ? deps.versions : deps.sites;
    if (target.version) markVersionAnswer(res);
    const subdomain = target.key;
    try {
      // A loaded site is answered synchronously; only a first visit waits for its manifest.
      // One clock reading serves the cache's freshness and the expiry rule.
      const now = Date.now();
      const known = !target.custom && subdomain.includes('.') ? null : cache.peek(subdomain, now);
      const done =
        known === undefined
          ? cache.get(subdomain).then((site) => handle(deps, site, req, res, target, Date.now()))
          : handle(deps, known, req, res, target, now);
      if (done) done.catch((err: unknown) => failed(deps, cache, target, req, res, err));
    } catch (err) {
      failed(deps, cache, target, req, res, err);
    }
    return true;
  };
}

function failed(
  deps: DispatcherDeps,
  cache: SiteCache,
  target: HostTarget,
  req: IncomingMessage,
  res: ServerResponse,
  err: unknown,
): void {
  const subdomain = target.key;
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
  const page = broken ? pages.brokenFile : pages.notFound(target.name);
  if (!res.headersSent) sendPage(res, 500, page, req.method === 'HEAD');
  else res.destroy();
}

function handle(
  deps: DispatcherDeps,
  hosted: HostedSite | null,
  req: IncomingMessage,
  res: ServerResponse,
  target: HostTarget,
  now: number,
): void | Promise<void> {
  const head = req.method === 'HEAD';
  if (!hosted) return sendPage(res, 404, deps.pages.noSite, head);
  const { site } = hosted;
  const host = target.name;
  const custom = target.custom;
  const siteLooks = deps.look ? siteLook(deps.look, site, req) : plainLook(deps);
  const look = target.version ? versionLook(siteLooks) : siteLooks;
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
  if (isExpired(site, now)) {
    return sendPage(res, 410, look.pages.expired(host), head);
  }
  const url = req.url ?? '/';
  // The paths hosting answers itself (storage, AI, pictures) all begin with /__, but for the
  // favicon: a site's own file is told apart from them by one test rather than eight.
  const own = url.startsWith('/__') || url.startsWith('/favicon.ico');
  const storage =
    own &&
    (url === STORAGE_PATH ||
      url.startsWith(`${STORAGE_PATH}/`) ||
      url.startsWith(`${STORAGE_PATH}?`));
  const ai = own && (url === AI_PATH || url.startsWith(`${AI_PATH}?`));
  // A private site shows nothing of itself (files, pictures, storage, AI) before its door.
  if (site.access_password_hash) {
    if (!deps.access) return sendPage(res, 404, look.pages.notFound(host), head);
    const door = privateDoor(deps.access, site, req, res, host, storage || ai, (r) =>
      limitedVisitor(r, deps),
    );
    if (door !== 'open') return door;
  }
  const picture = own && deps.readBlob && pictureOf(site, url);
  if (picture === null) return sendPage(res, 404, look.pages.notFound(host), head);
  if (picture && deps.readBlob) {
    // with ?v= (the address the API and the og:image give) the bytes never change
    const versioned = url.includes('?v=');
    const body = deps.readBlob(picture.sha256);
    if (!(body instanceof Promise)) return sendPicture(res, picture, body, versioned, head);
    return body.then((b) => sendPicture(res, picture, b, versioned, head));
  }
  if (storage) {
    return handleStorage(
      deps.db,
      deps.rates,
      { site, visitor: limitedVisitor(req, deps), quotaBytes: deps.storageQuotaBytes },
      req,
      res,
    );
  }
  if (ai) {
    return deps.ai(site, limitedVisitor(req, deps), req, res);
  }
  if (!site.current_deployment_id) return sendPage(res, 503, look.pages.building, head);
  return serveFile(req, res, hosted.route, serveOptions(deps, look, site));
}

const plainLooks = new WeakMap<DispatcherDeps, SiteLook>();

function plainLook(deps: DispatcherDeps): SiteLook {
  let look = plainLooks.get(deps);
  if (!look) plainLooks.set(deps, (look = { pages: deps.pages }));
  return look;
}

/**
 * The options of serving one site's files with one look, built once per cached site row and
 * look (the row is replaced at each re-read): a hot site allocates no closures per request.
 */
const optionsOfSite = new WeakMap<HostedSite['site'], { look: SiteLook; opts: ServeOptions }>();

function serveOptions(
  deps: DispatcherDeps,
  look: SiteLook,
  site: HostedSite['site'],
): ServeOptions {
  const known = optionsOfSite.get(site);
  if (known?.look === look) return known.opts;
  const siteId = site.id;
  const opts: ServeOptions = {
    notFoundPage: (req) => look.pages.notFound(hostname(req.headers.host ?? '')),
    ...(look.html ? { html: look.html } : {}),
    headers: siteHeaders(
      frameAncestorsPolicy(site.embed_origins),
      Boolean(site.access_password_hash),
    ),
    // Only what the request says is kept here; the counter works out the view from it.
    onDocument: (req) =>
      deps.views.record({
        siteId,
        url: req.url ?? '/',
        referer: req.headers.referer,
        host: req.headers.host,
        address: visitorOf(req, deps.trustProxy),
        userAgent: req.headers['user-agent'],
      }),
  };
  optionsOfSite.set(site, { look, opts });
  return opts;
}
