import { escapeHtml } from './page';
import { runtimeScript } from './runtime-script';

// The card a page shows instead of a blank page when it fails while starting
// (runtime/error-card.ts), inlined in the page's head: a few hundred bytes, no request.

let compiled: Promise<string> | undefined;

function cardCode(): Promise<string> {
  compiled ??= runtimeScript("import './error-card';").then((out) =>
    out.text.trim().replace(/<\/script/gi, '<\\/script'),
  );
  compiled.catch(() => (compiled = undefined));
  return compiled;
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

/** The card's script tag, first among the page's scripts so it hears their errors. */
export async function errorCardTag(found?: MountFailure): Promise<string> {
  const data = found?.where
    ? ` data-kind="${escapeHtml(found.kind)}" data-where="${escapeHtml(found.where)}"`
    : '';
  return `<script${data}>${await cardCode()}</script>`;
}

/** Whether a page paints through script into an empty mount point (#root, #app). */
export function paintsByScript(html: string): boolean {
  return /<(div|main)\b[^>]*\bid\s*=\s*["']?(root|app)["']?[^>]*>\s*<\/\1>/i.test(html);
}

/** The card added to a page's head (a static page that paints by script). */
export async function withErrorCard(html: string): Promise<string> {
  const tag = await errorCardTag();
  if (/<head\b[^>]*>/i.test(html)) return html.replace(/<head\b[^>]*>/i, (m) => `${m}\n${tag}`);
  return `${tag}\n${html}`;
}
