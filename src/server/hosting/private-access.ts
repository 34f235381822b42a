import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { ACCESS_COOKIE, ACCESS_PATH, SHARE_PARAM } from '../../shared/site-access';
import type { Database } from '../db/database';
import { shareLinkByTokenHash } from '../db/queries/site-access';
import { verifyPassword } from '../domain/accounts/passwords';
import {
  ACCESS_COOKIE_MAX_AGE_S,
  accessCookieIn,
  type AccessCookies,
} from '../domain/sites/access-cookies';
import { AppError } from '../errors';
import type { RateCounter, RateWindow } from '../limits/rate-counter';
import { hashToken } from '../lib/tokens';
import { passwordPage, tooManyTriesPage } from './pages';
import { readBody, sendJson } from './runtime-http';
import type { HostedSite } from './site-cache';
import { whiteLabelled, type SiteLookDeps } from './site-look';

// The door of a private site, before any of its files, its window.storage or its AI endpoint:
// a visitor with a valid cookie goes through (judged from the cached site row, no database);
// anyone else gets the password page (401), which posts to ACCESS_PATH on the site's own host.
// A share link (?share=<token>) is looked up once, sets the same cookie bound to the link, and
// leads to the clean address.

/** Password guesses one visitor may make at one site: enough for typos, too few to guess. */
export const PASSWORD_GUESSES: RateWindow = { name: 'site-password', max: 10, windowMs: 60_000 };
const MAX_FORM_BYTES = 4096;

export interface PrivateAccessDeps {
  db: Database;
  cookies: AccessCookies;
  rates: RateCounter;
  trustProxy: boolean;
  appOrigin: string;
  /** For white-label: a white-labelled site's password page names no platform. */
  look?: SiteLookDeps;
}

type Site = HostedSite['site'];

/** The JSON a site's runtime endpoints answer to a visitor who is not let in. */
export const NOT_LET_IN = {
  error: 'This site is private: open it and enter its password first.',
} as const;

function secure(req: IncomingMessage, trustProxy: boolean): boolean {
  if ((req.socket as TLSSocket).encrypted) return true;
  const forwarded = trustProxy ? String(req.headers['x-forwarded-proto'] ?? '') : '';
  return forwarded.split(',')[0]?.trim() === 'https';
}

function cookieHeader(value: string, req: IncomingMessage, trustProxy: boolean): string {
  // No Domain attribute: the browser keeps it for this host alone, never its siblings.
  return (
    `${ACCESS_COOKIE}=${value}; Path=/; Max-Age=${ACCESS_COOKIE_MAX_AGE_S}; HttpOnly; SameSite=Lax` +
    (secure(req, trustProxy) ? '; Secure' : '')
  );
}

/** A path of this host to go back to; anything else (another host, a scheme) goes home. */
function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return '/';
  return next.startsWith(ACCESS_PATH) ? '/' : next;
}

function sendHtml(
  res: ServerResponse,
  status: number,
  html: string,
  head: boolean,
  extra: Record<string, string> = {},
): void {
  const body = Buffer.from(html);
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': String(body.byteLength),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    ...extra,
  });
  res.end(head ? undefined : body);
}

function nameOf(site: Site): string {
  return site.brand_title || site.name || site.subdomain;
}

function showPasswordPage(
  deps: PrivateAccessDeps,
  site: Site,
  req: IncomingMessage,
  res: ServerResponse,
  host: string,
  next: string,
  problem: string | null,
): void {
  const html = passwordPage({
    name: nameOf(site),
    whiteLabel: deps.look ? whiteLabelled(deps.look, site) : false,
    appOrigin: deps.appOrigin,
    host,
    next,
    problem,
    action: ACCESS_PATH,
  });
  sendHtml(res, 401, html, req.method === 'HEAD');
}

function redirect(res: ServerResponse, location: string, cookie: string): void {
  res.writeHead(303, {
    location,
    'set-cookie': cookie,
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
  });
  res.end();
}

/**
 * Verdicts on cookie values, by the cached site row they were judged against: the row is
 * replaced at each re-read (about once a second while visited), so a let-in visitor's requests
 * cost a map lookup, not an HMAC, and a changed password or revoked link is judged afresh.
 */
const verdicts = new WeakMap<Site, Map<string, boolean>>();
const MAX_VERDICTS_PER_SITE = 1024;

function letIn(deps: PrivateAccessDeps, site: Site, req: IncomingMessage): boolean {
  const cookie = accessCookieIn(req.headers.cookie);
  if (cookie === null) return false;
  let known = verdicts.get(site);
  if (!known) verdicts.set(site, (known = new Map()));
  let verdict = known.get(cookie);
  if (verdict === undefined) {
    verdict = deps.cookies.lets(site, cookie);
    if (known.size >= MAX_VERDICTS_PER_SITE) known.clear();
    known.set(cookie, verdict);
  }
  return verdict;
}

/**
 * Judges one request of a private site: 'open' lets it through to the site; otherwise the
 * answer has been (or is being) sent.
 */
export function privateDoor(
  deps: PrivateAccessDeps,
  site: Site,
  req: IncomingMessage,
  res: ServerResponse,
  host: string,
  runtimePath: boolean,
  /** The visitor as the site-side rate limits count them (the dispatcher's limitedVisitor). */
  visitor: (req: IncomingMessage) => string,
): 'open' | void | Promise<void> {
  const url = req.url ?? '/';
  if (req.method === 'POST' && (url === ACCESS_PATH || url.startsWith(`${ACCESS_PATH}?`))) {
    return tryPassword(deps, site, req, res, host, visitor(req));
  }
  if (url.includes(`${SHARE_PARAM}=`)) {
    const asked = new URL(url, 'http://site');
    const token = asked.searchParams.get(SHARE_PARAM);
    if (token) return tryShareLink(deps, site, req, res, host, asked, token);
  }
  if (letIn(deps, site, req)) return 'open';
  if (runtimePath) return sendJson(res, 401, NOT_LET_IN);
  return showPasswordPage(deps, site, req, res, host, safeNext(url), null);
}

async function tryPassword(
  deps: PrivateAccessDeps,
  site: Site,
  req: IncomingMessage,
  res: ServerResponse,
  host: string,
  visitor: string,
): Promise<void> {
  const text = await readBody(req, MAX_FORM_BYTES);
  const form = new URLSearchParams(text ?? '');
  const next = safeNext(form.get('next'));
  const verdict = await deps.rates.take(PASSWORD_GUESSES, `${site.id}:${visitor}`);
  if (!verdict.allowed) {
    const seconds = Math.max(1, Math.ceil(verdict.retryAfterMs / 1000));
    return sendHtml(res, 429, tooManyTriesPage(nameOf(site), seconds), false, {
      'retry-after': String(seconds),
    });
  }
  const password = form.get('password') ?? '';
  const hash = site.access_password_hash;
  let right = false;
  try {
    right = Boolean(hash && password) && (await verifyPassword(password, hash ?? ''));
  } catch (err) {
    // The hashing thread is busy with sign-ins: the visitor is told to try again shortly.
    if (err instanceof AppError) {
      return sendHtml(res, 503, tooManyTriesPage(nameOf(site), 2), false, { 'retry-after': '2' });
    }
    throw err;
  }
  if (!right) {
    return showPasswordPage(
      deps,
      site,
      req,
      res,
      host,
      next,
      'That password is not right. Try again.',
    );
  }
  redirect(res, next, cookieHeader(deps.cookies.issue(site, null), req, deps.trustProxy));
}

async function tryShareLink(
  deps: PrivateAccessDeps,
  site: Site,
  req: IncomingMessage,
  res: ServerResponse,
  host: string,
  asked: URL,
  token: string,
): Promise<void> {
  asked.searchParams.delete(SHARE_PARAM);
  const clean = `${asked.pathname}${asked.search}`;
  const link =
    token.length <= 100 ? await shareLinkByTokenHash(deps.db, hashToken(token)) : undefined;
  if (!link || link.site_id !== site.id) {
    // Someone already let in who follows an old link is simply taken to the page.
    if (letIn(deps, site, req)) {
      res.writeHead(303, { location: safeNext(clean), 'cache-control': 'no-store' });
      res.end();
      return;
    }
    return showPasswordPage(
      deps,
      site,
      req,
      res,
      host,
      safeNext(clean),
      'This share link no longer works. Ask the site’s owner for a new one, or enter the password.',
    );
  }
  // The link's id must also be among the site's live links as hosting holds them: a link made
  // a moment ago is let in on the next read of the row, well within a second.
  redirect(
    res,
    safeNext(clean),
    cookieHeader(deps.cookies.issue(site, link.id), req, deps.trustProxy),
  );
}
