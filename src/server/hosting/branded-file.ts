import type { ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { sha256Hex } from '../lib/ids';
import type { Encoding, HostedFile } from './hosted-file';

/** How a site's HTML is changed at serve time: `key` names the change, the same key the same bytes. */
export interface HtmlRewrite {
  key: string;
  apply(html: string): string;
}

type Headers = Record<string, string>;

interface Rewritten {
  key: string;
  identity: Buffer;
  gzip: Buffer;
  etag: string;
  /** The answer's headers, by the site's header set they were built on (see `answerHeaders`). */
  sent?: { site: Readonly<Headers>; identity: Headers; gzip: Headers };
}

/**
 * The rewritten bytes of each HTML file, by rewrite: a hot page is rewritten once per change of
 * the site's settings, not per visit. Held by the file, so it goes with the site's manifest when
 * the cache drops it.
 */
const rewritten = new WeakMap<HostedFile, Map<string, Rewritten>>();
/** A site answers on its subdomain and its custom domain: a few versions of a page side by side. */
const VERSIONS_PER_FILE = 4;

async function rewrite(file: HostedFile, change: HtmlRewrite): Promise<Rewritten> {
  let versions = rewritten.get(file);
  if (!versions) rewritten.set(file, (versions = new Map()));
  const known = versions.get(change.key);
  if (known) return known;
  const original = await file.read('identity');
  const identity = Buffer.from(change.apply(original.toString('utf8')));
  const done: Rewritten = {
    key: change.key,
    identity,
    // HTML is small and compresses well; compressed once here, it costs nothing per visit.
    gzip: gzipSync(identity),
    etag: `"${file.sha256.slice(0, 20)}-${sha256Hex(change.key).slice(0, 11)}"`,
  };
  if (versions.size >= VERSIONS_PER_FILE) versions.clear();
  versions.set(change.key, done);
  return done;
}

/**
 * The headers of a rewritten page in one encoding, with its length, built once per page and
 * site header set: a hot branded page answers without building an object per visit.
 */
function answerHeaders(page: Rewritten, file: HostedFile, gzip: boolean, site: Readonly<Headers>) {
  if (page.sent?.site !== site) {
    const build = (body: Buffer, etag: string, encoding: Headers): Headers => ({
      ...site,
      'content-type': file.contentType,
      etag,
      'cache-control': site['cache-control'] ?? 'no-cache',
      vary: 'Accept-Encoding',
      ...encoding,
      'content-length': String(body.byteLength),
    });
    page.sent = {
      site,
      identity: build(page.identity, page.etag, {}),
      gzip: build(page.gzip, page.etag.replace(/"$/, '-gz"'), { 'content-encoding': 'gzip' }),
    };
  }
  return gzip ? page.sent.gzip : page.sent.identity;
}

/**
 * Sends an HTML file of the site rewritten by its settings, with an ETag of both. Synchronous
 * once the page is rewritten; a Promise only for its first visit.
 */
export function sendRewrittenHtml(
  res: ServerResponse,
  file: HostedFile,
  change: HtmlRewrite,
  encoding: Encoding,
  status: number,
  ifNoneMatch: string | undefined,
  head: boolean,
  headers: Readonly<Headers>,
): void | Promise<void> {
  const answer = { res, file, gzip: encoding !== 'identity', status, ifNoneMatch, head, headers };
  const page = rewritten.get(file)?.get(change.key);
  if (page) return send(page, answer);
  return rewrite(file, change).then((done) => send(done, answer));
}

function send(
  page: Rewritten,
  a: {
    res: ServerResponse;
    file: HostedFile;
    gzip: boolean;
    status: number;
    ifNoneMatch: string | undefined;
    head: boolean;
    headers: Readonly<Headers>;
  },
): void {
  const out = answerHeaders(page, a.file, a.gzip, a.headers);
  if (
    a.status === 200 &&
    a.ifNoneMatch &&
    a.ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === out.etag)
  ) {
    const { 'content-length': _length, ...notModified } = out;
    a.res.writeHead(304, notModified);
    a.res.end();
    return;
  }
  a.res.writeHead(a.status, out);
  a.res.end(a.head ? undefined : a.gzip ? page.gzip : page.identity);
}
