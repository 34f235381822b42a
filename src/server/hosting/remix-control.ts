// The Remix control: a small pill in the bottom corner of each page of a site whose owner
// allows remixing, leading to the app's remix page. It must not disturb the artifact: it is one
// fixed element holding a declarative shadow root (no script needed to build it), so the page's
// CSS cannot reach inside and its own styles cannot leak out; `all: initial` on the host keeps
// the page's rules for elements in general off the host itself. The page's own script never
// needs to know of it. Hiding it is an inline handler: under an artifact's own strict CSP the
// link still works, only the × does not. The markup is made once per look (site-look.ts) and
// the rewritten page once per file (branded-file.ts): nothing is built per request.

/** The tag of the control's host element; a custom element's name, so it may hold a shadow root. */
export const REMIX_CONTROL_TAG = 'artifact-host-remix';

function escapeAttr(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

const STYLE = [
  // !important on :host: for important rules the shadow tree's win over the page's.
  ':host{all:initial!important;display:block!important;position:fixed!important;',
  'right:calc(10px + env(safe-area-inset-right,0px))!important;',
  'bottom:calc(10px + env(safe-area-inset-bottom,0px))!important;',
  'z-index:2147483647!important;opacity:1!important;visibility:visible!important}',
  '.c{display:flex;align-items:center;padding:2px;border-radius:999px;',
  'background:rgba(17,24,39,.85);color:#fff;box-shadow:0 1px 4px rgba(0,0,0,.3);',
  'font:500 12px/1 ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}',
  'a{color:#fff;text-decoration:none;padding:6px 4px 6px 10px;border-radius:999px}',
  'a:hover,a:focus-visible{text-decoration:underline}',
  'a:focus-visible,button:focus-visible{outline:2px solid #93c5fd;outline-offset:1px}',
  'button{all:unset;cursor:pointer;width:20px;height:20px;line-height:20px;text-align:center;',
  'border-radius:999px;font-size:14px;color:#fff;opacity:.7}',
  'button:hover{opacity:1}',
  '@media print{:host{display:none!important}}',
].join('');

/** The control's markup, linking to `href` (the app's remix page of the site). */
export function remixControlHtml(href: string): string {
  return (
    `<${REMIX_CONTROL_TAG}><template shadowrootmode="open"><style>${STYLE}</style>` +
    `<div class="c" role="complementary" aria-label="Remix">` +
    `<a href="${escapeAttr(href)}" target="_top" title="Copy this site into a site of your own">Remix</a>` +
    `<button type="button" aria-label="Hide the Remix button" ` +
    `onclick="this.getRootNode().host.remove()">&times;</button>` +
    `</div></template></${REMIX_CONTROL_TAG}>`
  );
}

const BODY_CLOSE = /<\/body\s*>/gi;

/** The page with the control last in its body (or last of all, without a closing body tag). */
export function withRemixControl(html: string, control: string): string {
  let at = -1;
  BODY_CLOSE.lastIndex = 0;
  for (let m = BODY_CLOSE.exec(html); m; m = BODY_CLOSE.exec(html)) at = m.index;
  if (at === -1) return `${html}${control}`;
  return `${html.slice(0, at)}${control}${html.slice(at)}`;
}
