// A site's page settings written into its HTML at serve time: the title, description, social
// card and favicon, and, when white-labelled, nothing of the platform (no generator meta). Only
// the document's head is touched, found once; the body goes through as it is.

/** What one site's pages get, decided per request from the cached site (see site-look.ts). */
export interface PageSettings {
  title: string | null;
  description: string | null;
  /** Absolute URL of the social image, on the host the visitor asked. */
  imageUrl: string | null;
  /** Path of the favicon on the site itself. */
  iconUrl: string | null;
  /** White-label in force: the builder's fallback titles give way to `name`, generator meta goes. */
  whiteLabel: boolean;
  /** The name a white-labelled page uses where the artifact named nothing (the site's name). */
  name: string;
  /**
   * Absolute URL of the version's link preview, on the host the visitor asked; with it, the
   * page gets the social tags it lacks (og:title, og:description, og:image, twitter:card).
   */
  previewUrl?: string | null;
  /** The card's title when neither the settings nor the page name one: the site's name. */
  siteName?: string;
  /** The card's description when neither the settings nor the page give one: the site's host. */
  siteHost?: string;
}

/** The titles the builder gives a page that names nothing itself (react.ts, html.ts). */
const FALLBACK_TITLES = new Set(['Artifact', 'Page', '']);

function escapeAttr(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

const TITLE = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i;
/** A tag of the head this rewrite replaces or removes, matched one tag at a time. */
const META = /<meta\b[^>]*>/gi;
const LINK = /<link\b[^>]*>/gi;

function attr(tag: string, name: string): string | null {
  const m = new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return m ? (m[1] ?? m[2] ?? m[3] ?? '').toLowerCase() : null;
}

/** Whether a page needs rewriting at all with these settings. */
export function changesPages(s: PageSettings): boolean {
  return s.whiteLabel || !!(s.title || s.description || s.imageUrl || s.iconUrl || s.previewUrl);
}

/** The end of the document's head: before </head>, or before <body> when the head is implied. */
function headEnd(html: string): number {
  const close = html.search(/<\/head\s*>/i);
  if (close !== -1) return close;
  const body = html.search(/<body[\s>]/i);
  return body;
}

/** Whether the head already has a meta tag of this name or property. */
function hasMeta(head: string, name: string): boolean {
  return (head.match(META) ?? []).some(
    (tag) => (attr(tag, 'name') ?? attr(tag, 'property')) === name,
  );
}

/**
 * The social tags a page lacks, pointing at its link preview: what the artifact or the owner's
 * settings say is kept, only the gaps are filled.
 */
function previewTags(head: string, s: PageSettings, pageTitle: string): string[] {
  const tags: string[] = [];
  if (!s.title && !hasMeta(head, 'og:title')) {
    const t = pageTitle && !FALLBACK_TITLES.has(pageTitle) ? pageTitle : (s.siteName ?? s.name);
    tags.push(`<meta property="og:title" content="${escapeAttr(t)}">`);
  }
  if (!s.description && !hasMeta(head, 'og:description')) {
    const own = (head.match(META) ?? []).find((tag) => attr(tag, 'name') === 'description');
    const d = own ? /\bcontent\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(own) : null;
    // the page's own description is already escaped as it stands in its attribute
    const text = d ? (d[1] ?? d[2] ?? '') : escapeAttr(s.siteHost ?? s.name);
    if (text) tags.push(`<meta property="og:description" content="${text}">`);
  }
  if (!s.imageUrl && !hasMeta(head, 'og:image')) {
    const i = escapeAttr(s.previewUrl ?? '');
    tags.push(`<meta property="og:image" content="${i}">`);
    tags.push('<meta property="og:image:width" content="1200">');
    tags.push('<meta property="og:image:height" content="630">');
    if (!hasMeta(head, 'twitter:card')) {
      tags.push('<meta name="twitter:card" content="summary_large_image">');
    }
    if (!hasMeta(head, 'twitter:image')) tags.push(`<meta name="twitter:image" content="${i}">`);
  }
  return tags;
}

/** Returns the page with its head carrying the settings; a page without a head gets one. */
export function brandHtml(html: string, s: PageSettings): string {
  let end = headEnd(html);
  if (end === -1) {
    // no head and no body: a fragment; the settings go first
    const open = /<html\b[^>]*>/i.exec(html);
    const at = open ? open.index + open[0].length : 0;
    html = `${html.slice(0, at)}<head></head>${html.slice(at)}`;
    end = headEnd(html);
  }
  let head = html.slice(0, end);
  const rest = html.slice(end);

  const existing = TITLE.exec(head);
  const ownTitle = existing?.[1]?.trim() ?? '';
  const title = s.title ?? (s.whiteLabel && FALLBACK_TITLES.has(ownTitle) ? s.name : null);
  if (title !== null && existing) head = head.replace(TITLE, '');

  const cardTitle = s.title ?? null;
  head = head.replace(META, (tag) => {
    const name = attr(tag, 'name') ?? attr(tag, 'property') ?? '';
    if (s.whiteLabel && name === 'generator') return '';
    if (s.description && (name === 'description' || name.endsWith(':description'))) return '';
    if (cardTitle && (name === 'og:title' || name === 'twitter:title')) return '';
    if (s.imageUrl && /^(og:image|twitter:image|twitter:card)/.test(name)) return '';
    return tag;
  });
  if (s.iconUrl) {
    head = head.replace(LINK, (tag) => ((attr(tag, 'rel') ?? '').includes('icon') ? '' : tag));
  }

  const tags: string[] = [];
  if (title !== null) tags.push(`<title>${escapeAttr(title)}</title>`);
  if (s.description) {
    const d = escapeAttr(s.description);
    tags.push(
      `<meta name="description" content="${d}">`,
      `<meta property="og:description" content="${d}">`,
      `<meta name="twitter:description" content="${d}">`,
    );
  }
  if (cardTitle) {
    const t = escapeAttr(cardTitle);
    tags.push(
      `<meta property="og:title" content="${t}">`,
      `<meta name="twitter:title" content="${t}">`,
    );
  }
  if (s.imageUrl) {
    const i = escapeAttr(s.imageUrl);
    tags.push(
      `<meta property="og:image" content="${i}">`,
      `<meta name="twitter:card" content="summary_large_image">`,
      `<meta name="twitter:image" content="${i}">`,
    );
  }
  if (s.iconUrl) tags.push(`<link rel="icon" href="${escapeAttr(s.iconUrl)}">`);
  if (s.previewUrl) tags.push(...previewTags(head, s, title ?? ownTitle));
  return tags.length ? `${head}${tags.join('')}${rest}` : `${head}${rest}`;
}
