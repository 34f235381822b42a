import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { SITE_RUNTIME_ENDPOINTS } from '../../builder/contract';
import type { Database } from '../db/database';
import { BUILDING_PAGE, EXPIRED_PAGE, NO_SITE_PAGE, NOT_FOUND_PAGE } from './pages';
import { sendPage, serveFile } from './serve';
import type { HostedSite, SiteCache } from './site-cache';
import { handleStorage, STORAGE_PATH } from './storage-api';
import { isBot, type ViewCounter } from './views';

export const AI_PATH = SITE_RUNTIME_ENDPOINTS.claudeComplete;
const AI_NOT_SET_UP = JSON.stringify({
  error: { message: 'AI features are not set up for this site yet.', code: 'AI_NOT_CONFIGURED' },
});

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

export interface DispatcherDeps {
  db: Database;
  log: Logger;
  sitesDomain: string;
  sites: SiteCache;
  views: ViewCounter;
}

/** Host → site → file, before Fastify: returns false for hosts that are not sites. */
export function createSiteDispatcher(deps: DispatcherDeps) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const subdomain = subdomainOf(req.headers.host, deps.sitesDomain);
    if (subdomain === null) return false;
    const failed = (err: unknown) => {
      deps.log.error({ err, subdomain }, 'serving a site failed');
      if (!res.headersSent) sendPage(res, 500, NOT_FOUND_PAGE, req.method === 'HEAD');
      else res.destroy();
    };
    try {
      // A loaded site is answered synchronously; only a first visit waits for its manifest.
      const known = subdomain.includes('.') ? null : deps.sites.peek(subdomain);
      const done =
        known === undefined
          ? deps.sites.get(subdomain).then((site) => handle(deps, site, req, res))
          : handle(deps, known, req, res);
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
): void | Promise<void> {
  const head = req.method === 'HEAD';
  if (!hosted) return sendPage(res, 404, NO_SITE_PAGE, head);
  const { site } = hosted;
  if (site.expires_at && Date.parse(site.expires_at) <= Date.now()) {
    return sendPage(res, 410, EXPIRED_PAGE, head);
  }
  const url = req.url ?? '/';
  if (
    url === STORAGE_PATH ||
    url.startsWith(`${STORAGE_PATH}/`) ||
    url.startsWith(`${STORAGE_PATH}?`)
  ) {
    return handleStorage(deps.db, site.id, req, res);
  }
  if (url === AI_PATH || url.startsWith(`${AI_PATH}?`)) {
    res.writeHead(501, { 'content-type': 'application/json; charset=utf-8' });
    res.end(AI_NOT_SET_UP);
    return;
  }
  if (!site.current_deployment_id) return sendPage(res, 503, BUILDING_PAGE, head);
  return serveFile(req, res, hosted.route, {
    notFoundPage: NOT_FOUND_PAGE,
    onDocument: () => {
      if (!isBot(req.headers['user-agent'])) deps.views.count(site.id);
    },
  });
}
