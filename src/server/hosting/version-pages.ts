import type { ServerResponse } from 'node:http';
import type { HtmlRewrite } from './branded-file';
import type { SiteLook } from './site-look';

// A version link (v{N}--{subdomain}) is a permanent copy of an old deployment: search engines
// are told not to index it, so they list the live site only, by header on every answer and by
// a robots meta in each HTML page (crawlers that read the page and not the headers).

const NOINDEX_META = '<meta name="robots" content="noindex">';
const HEAD_OPEN = /<head\b[^>]*>/i;

/** The page with a robots noindex meta first in its head (or first of all, without a head). */
export function noindexHtml(html: string): string {
  const head = HEAD_OPEN.exec(html);
  if (!head) return `${NOINDEX_META}${html}`;
  const at = head.index + head[0].length;
  return `${html.slice(0, at)}${NOINDEX_META}${html.slice(at)}`;
}

/** Marks a version page's answer, whatever it is (file, 404, page of the platform). */
export function markVersionAnswer(res: ServerResponse): void {
  res.setHeader('x-robots-tag', 'noindex');
}

const versionLooks = new WeakMap<SiteLook, SiteLook>();

/** The site's look with the noindex meta added to its HTML rewrite; built once per look. */
export function versionLook(look: SiteLook): SiteLook {
  let known = versionLooks.get(look);
  if (!known) {
    const html = look.html;
    const rewrite: HtmlRewrite = html
      ? { key: `noindex|${html.key}`, apply: (page) => noindexHtml(html.apply(page)) }
      : { key: 'noindex', apply: noindexHtml };
    known = { ...look, html: rewrite };
    versionLooks.set(look, known);
  }
  return known;
}
