// One completion from the site's server, which answers with its owner's AI provider: what
// window.claude.complete and the page's calls to Anthropic's URL (anthropic.ts) both send.
import { SITE_RUNTIME_ENDPOINTS as E } from '../contract';
import { call } from './http';

const NOTICE_ID = '__site-ai-notice';

/**
 * Artifacts often catch an AI error and show a vague message of their own: the page also says
 * what happened, in a small bar the visitor can close.
 */
function showNotice(message: string): void {
  if (typeof document === 'undefined' || !document.body) return;
  let bar = document.getElementById(NOTICE_ID);
  if (!bar) {
    bar = document.createElement('div');
    bar.id = NOTICE_ID;
    bar.setAttribute('role', 'status');
    bar.style.cssText =
      'position:fixed;left:50%;bottom:16px;transform:translateX(-50%);z-index:2147483647;max-width:min(92vw,560px);display:flex;gap:12px;align-items:flex-start;padding:10px 14px;border-radius:10px;background:#1e293b;color:#f8fafc;font:14px/1.4 system-ui,sans-serif;box-shadow:0 8px 24px rgba(0,0,0,.25)';
    const text = document.createElement('span');
    const close = document.createElement('button');
    close.type = 'button';
    close.textContent = '×';
    close.setAttribute('aria-label', 'Close');
    close.style.cssText =
      'background:none;border:0;color:inherit;font-size:18px;line-height:1;cursor:pointer;padding:0';
    close.onclick = () => bar?.remove();
    bar.append(text, close);
    document.body.append(bar);
  }
  (bar.firstChild as HTMLElement).textContent = message;
}

/** The text of one completion, or an Error saying why there is none (also shown on the page). */
export async function complete(body: unknown): Promise<string> {
  let res: Response;
  try {
    res = await call('POST', E.claudeComplete, body);
  } catch {
    const message = 'The AI service could not be reached.';
    showNotice(message);
    throw new Error(`window.claude.complete: ${message}`);
  }
  const data = (await res.json().catch(() => ({}))) as { completion?: string; error?: string };
  if (!res.ok || typeof data.completion !== 'string') {
    const message = data.error ?? `The AI request failed (${res.status}).`;
    showNotice(message);
    throw new Error(`window.claude.complete failed: ${message}`);
  }
  return data.completion;
}
