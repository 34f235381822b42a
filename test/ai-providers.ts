import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// Local stand-ins for Anthropic, OpenAI and Gemini that speak their wire formats: each checks
// the key where its provider reads it and the request's shape, and answers as the provider does,
// errors included. The real client libraries are pointed at them through *_BASE_URL.

export type FakeProviderName = 'CLAUDE' | 'OPENAI' | 'GEMINI';

export interface ReceivedCall {
  provider: FakeProviderName;
  key: string;
  path: string;
  body: Record<string, unknown>;
}

export interface FakeProviders {
  /** ANTHROPIC_BASE_URL, OPENAI_BASE_URL and GEMINI_BASE_URL for the server under test. */
  env: Record<string, string>;
  /** Keys each provider accepts (anything else is refused as its provider refuses it). */
  validKeys: Set<string>;
  calls: ReceivedCall[];
  /** The next answers fail with this HTTP status, as an overloaded or rate-limited provider. */
  failWith: number | null;
  /** How long each answer takes, as a busy model's does (0 by default). */
  delayMs: number;
  /** What the model says to the last user message (by default: answerTo). */
  reply: (text: string) => string;
  close(): Promise<void>;
}

/** What every fake answers: the last user message, so tests see their words came through. */
export const answerTo = (text: string) => `Answer to: ${text}`;

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
}

type Msg = { role: string; content: unknown };
const textOf = (content: unknown): string =>
  typeof content === 'string'
    ? content
    : Array.isArray(content)
      ? content.map((b: { text?: string }) => b.text ?? '').join('')
      : '';

export async function startFakeProviders(): Promise<FakeProviders> {
  const state: FakeProviders = {
    env: {},
    validKeys: new Set(),
    calls: [],
    failWith: null,
    delayMs: 0,
    reply: answerTo,
    close: async () => undefined,
  };

  const anthropic = async (req: IncomingMessage, res: ServerResponse) => {
    // Anthropic reads the key from x-api-key, or (as its SDK sends it now) a bearer token.
    const key = String(
      req.headers['x-api-key'] ?? String(req.headers.authorization ?? '').replace(/^Bearer /, ''),
    );
    const body = await readBody(req);
    state.calls.push({ provider: 'CLAUDE', key, path: req.url ?? '', body });
    if (state.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
    if (req.url !== '/v1/messages' || !req.headers['anthropic-version']) {
      return send(res, 404, {
        type: 'error',
        error: { type: 'not_found_error', message: 'Not found' },
      });
    }
    if (!state.validKeys.has(key)) {
      return send(res, 401, {
        type: 'error',
        error: { type: 'authentication_error', message: 'invalid x-api-key' },
      });
    }
    if (state.failWith) {
      return send(res, state.failWith, {
        type: 'error',
        error: { type: 'overloaded_error', message: 'Overloaded' },
      });
    }
    const messages = body.messages as Msg[] | undefined;
    if (
      !Array.isArray(messages) ||
      typeof body.max_tokens !== 'number' ||
      typeof body.model !== 'string'
    ) {
      return send(res, 400, {
        type: 'error',
        error: {
          type: 'invalid_request_error',
          message: 'messages, model and max_tokens are required',
        },
      });
    }
    send(res, 200, {
      id: 'msg_fake',
      type: 'message',
      role: 'assistant',
      model: body.model,
      content: [{ type: 'text', text: state.reply(textOf(messages.at(-1)?.content)) }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 3, output_tokens: 3 },
    });
  };

  const openai = async (req: IncomingMessage, res: ServerResponse) => {
    const key = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
    const body = await readBody(req);
    state.calls.push({ provider: 'OPENAI', key, path: req.url ?? '', body });
    if (req.url !== '/v1/chat/completions')
      return send(res, 404, { error: { message: 'Not found' } });
    if (!state.validKeys.has(key)) {
      return send(res, 401, {
        error: {
          message: `Incorrect API key provided: ${key}. You can find your API key at https://platform.openai.com/account/api-keys.`,
          type: 'invalid_request_error',
          param: null,
          code: 'invalid_api_key',
        },
      });
    }
    if (state.failWith) {
      return send(res, state.failWith, {
        error: {
          message: 'You exceeded your current quota.',
          type: 'insufficient_quota',
          code: 'insufficient_quota',
        },
      });
    }
    const messages = body.messages as Msg[];
    send(res, 200, {
      id: 'chatcmpl-fake',
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: state.reply(textOf(messages.at(-1)?.content)) },
          finish_reason: 'stop',
        },
      ],
      usage: { prompt_tokens: 3, completion_tokens: 3, total_tokens: 6 },
    });
  };

  const gemini = async (req: IncomingMessage, res: ServerResponse) => {
    const key = String(req.headers['x-goog-api-key'] ?? '');
    const body = await readBody(req);
    state.calls.push({ provider: 'GEMINI', key, path: req.url ?? '', body });
    const model = /^\/v1beta\/models\/([^:]+):generateContent$/.exec(req.url ?? '')?.[1];
    if (!model)
      return send(res, 404, { error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } });
    if (!state.validKeys.has(key)) {
      return send(res, 400, {
        error: {
          code: 400,
          message: 'API key not valid. Please pass a valid API key.',
          status: 'INVALID_ARGUMENT',
        },
      });
    }
    if (state.failWith) {
      return send(res, state.failWith, {
        error: { code: state.failWith, message: 'The model is overloaded.', status: 'UNAVAILABLE' },
      });
    }
    const contents = body.contents as { role: string; parts: { text: string }[] }[];
    const last =
      contents
        .at(-1)
        ?.parts.map((p) => p.text)
        .join('') ?? '';
    send(res, 200, {
      candidates: [
        { content: { role: 'model', parts: [{ text: state.reply(last) }] }, finishReason: 'STOP' },
      ],
      modelVersion: decodeURIComponent(model),
    });
  };

  const servers: Server[] = [];
  const listen = async (handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>) => {
    const server = createServer((req, res) => {
      handler(req, res).catch((err: unknown) => send(res, 500, { error: String(err) }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
  state.env = {
    ANTHROPIC_BASE_URL: await listen(anthropic),
    OPENAI_BASE_URL: `${await listen(openai)}/v1`,
    GEMINI_BASE_URL: await listen(gemini),
  };
  state.close = async () => {
    await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
  };
  return state;
}
