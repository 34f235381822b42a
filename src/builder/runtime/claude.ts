// window.claude.complete, answered by the site's server with its owner's AI provider; and
// fetch('https://api.anthropic.com/v1/messages', …), which assistants also write, sent the
// same way, since a browser may not call Anthropic with a key (and the page has none).
import { SITE_RUNTIME_ENDPOINTS as E } from '../contract';
import { call, provide } from './http';

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
async function complete(body: unknown): Promise<string> {
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

const claude = {
  complete(input: string | { messages: unknown[] }): Promise<string> {
    return complete(typeof input === 'string' ? { prompt: input } : input);
  },
};

provide('claude', claude);

const ANTHROPIC_MESSAGES = /^https:\/\/api\.anthropic\.com\/v1\/messages\/?(\?|$)/;

function sse(events: Array<[string, unknown]>): string {
  return events.map(([name, data]) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`).join('');
}

/** An answer in the shape Anthropic's Messages API gives, streamed when the page asked so. */
function anthropicAnswer(text: string, model: string, stream: boolean): Response {
  const message = {
    id: `msg_site_${Date.now().toString(36)}`,
    type: 'message',
    role: 'assistant',
    model,
    content: [{ type: 'text', text }],
    stop_reason: 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: 0, output_tokens: 0 },
  };
  if (!stream) {
    return new Response(JSON.stringify(message), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  }
  const body = sse([
    ['message_start', { type: 'message_start', message: { ...message, content: [] } }],
    [
      'content_block_start',
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
    ],
    [
      'content_block_delta',
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } },
    ],
    ['content_block_stop', { type: 'content_block_stop', index: 0 }],
    [
      'message_delta',
      { type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 0 } },
    ],
    ['message_stop', { type: 'message_stop' }],
  ]);
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

if (typeof window !== 'undefined' && typeof window.fetch === 'function') {
  const pageFetch = window.fetch.bind(window);
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!ANTHROPIC_MESSAGES.test(url)) return pageFetch(input, init);
    const raw = init?.body ?? (input instanceof Request ? await input.clone().text() : undefined);
    let asked: { model?: string; stream?: boolean } & Record<string, unknown>;
    try {
      asked = JSON.parse(typeof raw === 'string' ? raw : '') as typeof asked;
    } catch {
      return new Response(
        JSON.stringify({
          type: 'error',
          error: { type: 'invalid_request_error', message: 'The request body is not JSON.' },
        }),
        { status: 400, headers: { 'content-type': 'application/json' } },
      );
    }
    try {
      const text = await complete({
        messages: asked.messages,
        ...(asked.system === undefined ? {} : { system: asked.system }),
        ...(asked.max_tokens === undefined ? {} : { max_tokens: asked.max_tokens }),
      });
      return anthropicAnswer(text, asked.model ?? 'claude', asked.stream === true);
    } catch (err) {
      return new Response(
        JSON.stringify({
          type: 'error',
          error: { type: 'api_error', message: (err as Error).message },
        }),
        { status: 502, headers: { 'content-type': 'application/json' } },
      );
    }
  };
}
