import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import type { ByteRange } from '../storage/blob-store';
import { BrokenBlobError } from './blob-cache';
import { sendRewrittenHtml, type HtmlRewrite } from './branded-file';
import type { Encoding, HostedFile } from './hosted-file';
import { candidates, hasExtension, sitePath } from './paths';
import { requestedRange } from './ranges';

/** The site's files by path: a Map in production, anything in tests. */
export type GetFile = (path: string) => HostedFile | null | undefined;

export interface ServeOptions {
  /** Shown with 404 when neither the file nor a site 404.html exists. */
  notFoundPage: string | ((req: IncomingMessage) => string);
  /** Called once for each HTML document served (page views). */
  onDocument?: (req: IncomingMessage) => void;
  /** The site's page settings, written into each HTML file it serves (none: files as built). */
  html?: HtmlRewrite;
  /** The site's headers (`siteHeaders`): the same object while its settings stay the same. */
  headers?: Readonly<Headers>;
}

const GZIP_ONLY: ReadonlySet<Encoding> = new Set(['gzip']);

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

/**
 * Header values are strings: Node's header writer is built for them, and a number (a length)
 * among them is converted on every answer; it cost bare Node itself about 6% of its rate.
 */
type Headers = Record<string, string>;

/** Each site's header set by its CSP (who may frame it), so equal settings share one object. */
const headersByPolicy = new Map<string, Readonly<Headers>>();
const MAX_REMEMBERED_POLICIES = 1024;

/**
 * The security headers of a site's files: with a Content-Security-Policy when one is given,
 * and, for a private site, a cache-control that keeps its files out of shared caches (a proxy
 * in front must never hand one visitor's let-in answer to another).
 * Built once per distinct policy; a hot site only compares the object it gets back.
 */
export function siteHeaders(policy: string | null, privateSite = false): Readonly<Headers> {
  if (policy === null && !privateSite) return SECURITY_HEADERS;
  const key = `${privateSite ? 'private' : ''}|${policy ?? ''}`;
  let headers = headersByPolicy.get(key);
  if (!headers) {
    if (headersByPolicy.size >= MAX_REMEMBERED_POLICIES) headersByPolicy.clear();
    headers = Object.freeze({
      ...SECURITY_HEADERS,
      ...(policy === null ? {} : { 'content-security-policy': policy }),
      ...(privateSite ? { 'cache-control': PRIVATE_CACHE_CONTROL } : {}),
    });
    headersByPolicy.set(key, headers);
  }
  return headers;
}

/** A private site's files: kept by the visitor's browser only, and asked again each time. */
export const PRIVATE_CACHE_CONTROL = 'private, no-cache';

const BR = 1;
const GZIP = 2;
/** Accept-Encoding values seen → what they accept; browsers send a handful of values. */
const acceptedByHeader = new Map<string, number>();
const MAX_REMEMBERED_ACCEPTS = 256;

function acceptedEncodings(accept: string): number {
  let flags = acceptedByHeader.get(accept);
  if (flags === undefined) {
    flags = 0;
    for (const part of accept.toLowerCase().split(',')) {
      const [name, ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      if (q && Number(q.trim().slice(2)) === 0) continue;
      const n = name?.trim();
      if (n === 'br') flags |= BR;
      else if (n === 'gzip' || n === '*') flags |= GZIP;
    }
    if (acceptedByHeader.size >= MAX_REMEMBERED_ACCEPTS) acceptedByHeader.clear();
    acceptedByHeader.set(accept, flags);
  }
  return flags;
}

export function pickEncoding(
  accept: string | undefined,
  available: ReadonlySet<Encoding>,
): Encoding {
  if (!accept || available.size === 0) return 'identity';
  const accepted = acceptedEncodings(accept);
  if (accepted & BR && available.has('br')) return 'br';
  if (accepted & GZIP && available.has('gzip')) return 'gzip';
  return 'identity';
}

const ETAG_SUFFIX: Record<Encoding, string> = { identity: '', gzip: '-gz', br: '-br' };

function etagFor(file: HostedFile, encoding: Encoding): string {
  return `"${file.sha256.slice(0, 32)}${ETAG_SUFFIX[encoding]}"`;
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

export function isHtml(file: HostedFile): boolean {
  return file.contentType.startsWith('text/html');
}

/** Which file answers a path, and with which status (SPA fallback, site 404.html). */
export function lookup(getFile: GetFile, p: string): Route {
  for (const candidate of candidates(p)) {
    const file = getFile(candidate);
    if (file) return { file, status: 200 };
  }
  // A site that ships its own 404.html says what an unknown address is: that page, with 404,
  // wins over the single-page fallback below. Without one, a path without an extension is a
  // client-side route of a single-page app and gets index.html; only then the platform's page.
  const notFound = getFile('404.html');
  if (notFound) return { file: notFound, status: 404 };
  if (!hasExtension(p)) {
    const index = getFile('index.html');
    if (index) return { file: index, status: 200 };
  }
  return { file: null, status: 404 };
}

export interface Route {
  file: HostedFile | null;
  /** 200, 404, or 400 for a path that cannot be read */
  status: number;
}

/** Answers "which file for this URL", for one deployment whose files never change. */
export type SiteRouter = (url: string) => Route;

const MAX_REMEMBERED_ROUTES = 2048;

/**
 * Resolving a URL (decode, normalise, clean URLs, SPA fallback) costs more than sending a
 * small file, and a deployment's answer for a path never changes: remember it. The query
 * string is not part of the key, so cache-busting parameters do not fill the memory.
 */
export function siteRouter(getFile: GetFile): SiteRouter {
  const remembered = new Map<string, Route>();
  return (url) => {
    const q = url.indexOf('?');
    const key = q === -1 ? url : url.slice(0, q);
    let route = remembered.get(key);
    if (!route) {
      const p = sitePath(key);
      route = p === null ? { file: null, status: 400 } : lookup(getFile, p);
      if (remembered.size >= MAX_REMEMBERED_ROUTES) remembered.clear();
      remembered.set(key, route);
    }
    return route;
  };
}

export function sendPage(res: ServerResponse, status: number, html: string, head: boolean): void {
  const body = Buffer.from(html);
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'content-type': 'text/html; charset=utf-8',
    'content-length': String(body.byteLength),
    'cache-control': 'no-store',
  });
  res.end(head ? undefined : body);
}

/**
 * Header sets per file, encoding and length, built once: a hot site only looks them up, by
 * a slot number rather than a key string built per request. A file's variant has one length,
 * so a slot holding another (never seen in practice) is simply rebuilt.
 */
const headerCache = new WeakMap<
  HostedFile,
  { site: Readonly<Headers>; slots: Array<{ length: number | null; headers: Headers } | undefined> }
>();
const SLOT: Record<Encoding, number> = { identity: 0, gzip: 2, br: 4 };

function responseHeaders(
  file: HostedFile,
  encoding: Encoding,
  length: number | null,
  site: Readonly<Headers>,
): Headers {
  let cached = headerCache.get(file);
  // A site keeps its files when only its settings change: their headers are built again then.
  if (cached?.site !== site) headerCache.set(file, (cached = { site, slots: [] }));
  const slot = SLOT[encoding] + (length === null ? 1 : 0);
  const known = cached.slots[slot];
  if (known?.length === length) return known.headers;
  const headers: Headers = {
    ...site,
    'content-type': file.contentType,
    etag: etagFor(file, encoding),
    'cache-control':
      site['cache-control'] ??
      (file.immutable && !isHtml(file) ? 'public, max-age=31536000, immutable' : 'no-cache'),
  };
  if (file.encodings.size > 0) headers.vary = 'Accept-Encoding';
  if (encoding !== 'identity') headers['content-encoding'] = encoding;
  headers['accept-ranges'] = 'bytes';
  if (length !== null) headers['content-length'] = String(length);
  cached.slots[slot] = { length, headers };
  return headers;
}

/**
 * Answers one request from a site's files: the hosting core, free of any database. Stays
 * synchronous when the bytes are in memory; a Promise only when they must be read.
 */
export function serveFile(
  req: IncomingMessage,
  res: ServerResponse,
  route: SiteRouter,
  opts: ServeOptions,
): void | Promise<void> {
  const head = req.method === 'HEAD';
  if (req.method !== 'GET' && !head) {
    res.writeHead(405, { ...SECURITY_HEADERS, allow: 'GET, HEAD', 'content-length': '0' });
    res.end();
    return;
  }
  const { file, status } = route(req.url ?? '/');
  const site = opts.headers ?? SECURITY_HEADERS;
  if (!file) {
    const page = typeof opts.notFoundPage === 'string' ? opts.notFoundPage : opts.notFoundPage(req);
    return sendPage(res, status === 400 ? 400 : 404, page, head);
  }

  // Ranges count bytes of the file itself: a seeking video player knows nothing of gzip.
  const rangeHeader = status === 200 ? req.headers.range : undefined;
  const encoding =
    rangeHeader === undefined
      ? pickEncoding(req.headers['accept-encoding'], file.encodings)
      : 'identity';
  // A page view is counted as its answer starts, before the write: the write's system call
  // leaves the caches cold, and counting the view after it took twice as long.
  if (status === 200 && !head && opts.onDocument && isHtml(file)) opts.onDocument(req);
  return answerFile(req, res, file, status, encoding, rangeHeader, opts, site, head);
}

function answerFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: HostedFile,
  status: number,
  encoding: Encoding,
  rangeHeader: string | undefined,
  opts: ServeOptions,
  site: Readonly<Headers>,
  head: boolean,
): void | Promise<void> {
  if (opts.html && isHtml(file) && !file.stream) {
    const accepted = pickEncoding(req.headers['accept-encoding'], GZIP_ONLY);
    const ifNoneMatch = req.headers['if-none-match'];
    return sendRewrittenHtml(res, file, opts.html, accepted, status, ifNoneMatch, head, site);
  }

  const ifNoneMatch = req.headers['if-none-match'];
  if (status === 200 && ifNoneMatch && matches(ifNoneMatch, etagFor(file, encoding))) {
    res.writeHead(304, responseHeaders(file, encoding, null, site));
    res.end();
    return;
  }
  const ifRange = req.headers['if-range'];
  // If-Range names the version the visitor holds part of; another version is sent whole.
  const range =
    rangeHeader !== undefined && (!ifRange || String(ifRange).trim() === etagFor(file, 'identity'))
      ? requestedRange(rangeHeader, file.size)
      : null;
  if (range === 'unsatisfiable') {
    res.writeHead(416, {
      ...SECURITY_HEADERS,
      'content-range': `bytes */${file.size}`,
      'content-length': '0',
    });
    res.end();
    return;
  }
  if (file.stream) {
    return streamFile(res, file, file.stream, encoding, status, range, head, site);
  }
  const read = file.read(encoding);
  if (read instanceof Promise) {
    return read.then((body) => send(res, file, encoding, status, body, range, head, site));
  }
  send(res, file, encoding, status, read, range, head, site);
}

function rangeHeaders(file: HostedFile, range: ByteRange, site: Readonly<Headers>): Headers {
  return {
    ...responseHeaders(file, 'identity', null, site),
    'content-range': `bytes ${range.start}-${range.end}/${file.size}`,
    'content-length': String(range.end - range.start + 1),
  };
}

function send(
  res: ServerResponse,
  file: HostedFile,
  encoding: Encoding,
  status: number,
  body: Buffer,
  range: ByteRange | null,
  head: boolean,
  site: Readonly<Headers>,
): void {
  if (range) {
    res.writeHead(206, rangeHeaders(file, range, site));
    res.end(head ? undefined : body.subarray(range.start, range.end + 1));
    return;
  }
  res.writeHead(status, responseHeaders(file, encoding, body.byteLength, site));
  res.end(head ? undefined : body);
}

async function streamFile(
  res: ServerResponse,
  file: HostedFile,
  stream: NonNullable<HostedFile['stream']>,
  encoding: Encoding,
  status: number,
  range: ByteRange | null,
  head: boolean,
  site: Readonly<Headers>,
): Promise<void> {
  // A compressed variant's length is not recorded: it goes out chunked.
  const headers = range
    ? rangeHeaders(file, range, site)
    : responseHeaders(file, encoding, encoding === 'identity' ? file.size : null, site);
  if (head) {
    res.writeHead(range ? 206 : status, headers);
    res.end();
    return;
  }
  const body = await stream(encoding, range ?? undefined);
  res.writeHead(range ? 206 : status, headers);
  try {
    await pipeline(body, res);
  } catch (err) {
    // A visitor leaving mid-file (a player seeking elsewhere) is no failure.
    if (
      !(err instanceof BrokenBlobError) &&
      (err as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE'
    )
      return;
    throw err;
  }
}
