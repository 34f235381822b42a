import type { ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { sha256Hex } from '../lib/ids';
import type { Encoding, HostedFile } from './hosted-file';

/** How a site's HTML is changed at serve time: `key` names the change, the same key the same bytes. */
export interface HtmlRewrite {
  key: string;
  apply(html: string): string;
}

interface Rewritten {
  key: string;
  identity: Buffer;
  gzip: Buffer;
  etag: string;
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

/** Sends an HTML file of the site rewritten by its settings, with an ETag of both. */
export async function sendRewrittenHtml(
  res: ServerResponse,
  file: HostedFile,
  change: HtmlRewrite,
  encoding: Encoding,
  status: number,
  ifNoneMatch: string | undefined,
  head: boolean,
  headers: Record<string, string | number>,
): Promise<void> {
  const page = await rewrite(file, change);
  const gzip = encoding !== 'identity';
  const body = gzip ? page.gzip : page.identity;
  const etag = gzip ? page.etag.replace(/"$/, '-gz"') : page.etag;
  const out: Record<string, string | number> = {
    ...headers,
    'content-type': file.contentType,
    etag,
    'cache-control': 'no-cache',
    vary: 'Accept-Encoding',
    ...(gzip ? { 'content-encoding': 'gzip' } : {}),
  };
  if (
    status === 200 &&
    ifNoneMatch &&
    ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)
  ) {
    res.writeHead(304, out);
    res.end();
    return;
  }
  out['content-length'] = body.byteLength;
  res.writeHead(status, out);
  res.end(head ? undefined : body);
}
