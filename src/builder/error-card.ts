import { hashName, makeFile } from './output';
import { escapeHtml } from './page';
import { runtimeScript } from './runtime-script';
import type { BuiltFile } from './types';

// The card a page shows instead of a blank page when it fails while starting
// (runtime/error-card.ts). The page carries only a stub, inline in its head, that hears errors
// from the start and fetches the card at the first one (runtime/error-card-stub.ts): the card
// is most of a small page's HTML, and a page that starts well never needs it.

let card: Promise<BuiltFile> | undefined;

/** The card's script, one file per process: every site carries the same bytes and name. */
export function errorCardFile(): Promise<BuiltFile> {
  card ??= runtimeScript("import './error-card';").then((out) =>
    makeFile(hashName('error-card', '.js', out.contents), out.contents, true),
  );
  card.catch(() => (card = undefined));
  return card;
}

const stubs = new Map<string, Promise<string>>();

/** The stub's code for a card at `src` (relative to the page), compiled once per address. */
function stubCode(src: string): Promise<string> {
  let code = stubs.get(src);
  if (!code) {
    code = runtimeScript("import './error-card-stub';", { CARD_SRC: JSON.stringify(src) }).then(
      (out) => out.text.trim().replace(/<\/script/gi, '<\\/script'),
    );
    code.catch(() => stubs.delete(src));
    stubs.set(src, code);
  }
  return code;
}

/** What the build's own check of the page found: the error, and where it happened. */
export interface MountFailure {
  /** The error as the check's engine words it: `TypeError: x is undefined`. */
  error: string;
  /** The error's kind (TypeError): browsers word messages their own way, kinds alike. */
  kind: string;
  /** `In TodoList, App.jsx line 12`, when known. */
  where?: string;
}

/**
 * The stub's script tag, first among the page's scripts so it hears their errors. `prefix`
 * leads from the page's folder to the site's root, where the card's file is.
 */
export async function errorCardTag(found?: MountFailure, prefix = './'): Promise<string> {
  const data = found?.where
    ? ` data-kind="${escapeHtml(found.kind)}" data-where="${escapeHtml(found.where)}"`
    : '';
  const file = await errorCardFile();
  return `<script${data}>${await stubCode(prefix + file.path)}</script>`;
}

/** Whether a page paints through script into an empty mount point (#root, #app). */
export function paintsByScript(html: string): boolean {
  return /<(div|main)\b[^>]*\bid\s*=\s*["']?(root|app)["']?[^>]*>\s*<\/\1>/i.test(html);
}

/** The stub added to a page's head (a static page that paints by script). */
export async function withErrorCard(html: string, prefix: string): Promise<string> {
  const tag = await errorCardTag(undefined, prefix);
  if (/<head\b[^>]*>/i.test(html)) return html.replace(/<head\b[^>]*>/i, (m) => `${m}\n${tag}`);
  return `${tag}\n${html}`;
}
