// fetch('https://api.anthropic.com/v1/messages', …), which assistants also write, sent the way
// window.claude.complete is, since a browser may not call Anthropic with a key (and the page
// has none). Only pages that name the URL carry it.
import { complete } from './ai-complete';

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
