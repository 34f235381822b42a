import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import type { AiProvider } from '../../../shared/deployment';
import type { Config } from '../../config';
import type { AiRequest } from './messages';

// One completion from a provider with a user's key: Anthropic and OpenAI through their official
// SDKs, Gemini through its documented REST call. Every failure becomes an AiProviderError whose
// message can be shown to the key's owner and to the visitor of a site as it is.

export type AiFailure = 'invalid_key' | 'quota' | 'overloaded' | 'rejected' | 'unreachable';

export class AiProviderError extends Error {
  constructor(
    readonly failure: AiFailure,
    message: string,
  ) {
    super(message);
    this.name = 'AiProviderError';
  }
}

export interface AiAnswer {
  text: string;
  model: string;
}

const NAMES: Record<AiProvider, string> = {
  CLAUDE: 'Anthropic',
  OPENAI: 'OpenAI',
  GEMINI: 'Gemini',
};

/** The provider's HTTP status (and its own words) as one of our failures. */
function failureOf(
  provider: AiProvider,
  status: number | undefined,
  detail: string,
): AiProviderError {
  const name = NAMES[provider];
  if (status === 401 || status === 403 || /API[_ ]key/i.test(detail)) {
    return new AiProviderError('invalid_key', `${name} did not accept the API key: ${detail}`);
  }
  if (status === 429 || status === 402) {
    return new AiProviderError(
      'quota',
      `${name} says the key is over its rate limit or quota: ${detail}`,
    );
  }
  if (status === 529 || status === 503 || (status !== undefined && status >= 500)) {
    return new AiProviderError(
      'overloaded',
      `${name} is overloaded or unavailable right now; try again in a moment.`,
    );
  }
  if (status === undefined) {
    return new AiProviderError('unreachable', `${name} could not be reached: ${detail}`);
  }
  return new AiProviderError('rejected', `${name} refused the request: ${detail}`);
}

function sdkFailure(provider: AiProvider, err: unknown): AiProviderError {
  if (
    err instanceof Anthropic.APIConnectionTimeoutError ||
    err instanceof OpenAI.APIConnectionTimeoutError
  ) {
    return new AiProviderError('unreachable', `${NAMES[provider]} did not answer in time.`);
  }
  if (err instanceof Anthropic.APIError || err instanceof OpenAI.APIError) {
    const body = err.error as { error?: { message?: string }; message?: string } | undefined;
    const detail = body?.error?.message ?? body?.message ?? err.message;
    return failureOf(provider, err.status ?? undefined, detail);
  }
  return failureOf(provider, undefined, (err as Error).message);
}

async function claude(
  config: Config,
  apiKey: string,
  req: AiRequest,
  maxTokens: number,
  model: string,
): Promise<AiAnswer> {
  // Only the owner's key: the SDK would otherwise add this server's ANTHROPIC_AUTH_TOKEN.
  const client = new Anthropic({
    apiKey,
    authToken: null,
    baseURL: config.ai.baseUrls.CLAUDE,
    timeout: config.ai.timeoutMs,
    maxRetries: 0,
  });
  try {
    const res = await client.messages.create({
      model,
      max_tokens: maxTokens,
      ...(req.system ? { system: req.system } : {}),
      messages: req.turns.map((t) => ({ role: t.role, content: t.text })),
    });
    const text = res.content.map((b) => (b.type === 'text' ? b.text : '')).join('');
    return { text, model: res.model };
  } catch (err) {
    throw sdkFailure('CLAUDE', err);
  }
}

async function openai(
  config: Config,
  apiKey: string,
  req: AiRequest,
  maxTokens: number,
  model: string,
): Promise<AiAnswer> {
  // Only the owner's key: the SDK would otherwise add this server's OPENAI_ORG_ID and project.
  const client = new OpenAI({
    apiKey,
    organization: null,
    project: null,
    baseURL: config.ai.baseUrls.OPENAI,
    timeout: config.ai.timeoutMs,
    maxRetries: 0,
  });
  try {
    const res = await client.chat.completions.create({
      model,
      max_completion_tokens: maxTokens,
      messages: [
        ...(req.system ? [{ role: 'system' as const, content: req.system }] : []),
        ...req.turns.map((t) => ({ role: t.role, content: t.text })),
      ],
    });
    return { text: res.choices[0]?.message.content ?? '', model: res.model };
  } catch (err) {
    throw sdkFailure('OPENAI', err);
  }
}

interface GeminiAnswer {
  candidates?: { content?: { parts?: { text?: string }[] } }[];
  modelVersion?: string;
  error?: { code?: number; message?: string; status?: string };
}

async function gemini(
  config: Config,
  apiKey: string,
  req: AiRequest,
  maxTokens: number,
  model: string,
): Promise<AiAnswer> {
  const url = `${config.ai.baseUrls.GEMINI.replace(/\/$/, '')}/v1beta/models/${encodeURIComponent(model)}:generateContent`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': apiKey },
      body: JSON.stringify({
        ...(req.system ? { systemInstruction: { parts: [{ text: req.system }] } } : {}),
        contents: req.turns.map((t) => ({
          role: t.role === 'assistant' ? 'model' : 'user',
          parts: [{ text: t.text }],
        })),
        generationConfig: { maxOutputTokens: maxTokens },
      }),
      signal: AbortSignal.timeout(config.ai.timeoutMs),
    });
  } catch (err) {
    if ((err as Error).name === 'TimeoutError') {
      throw new AiProviderError('unreachable', 'Gemini did not answer in time.');
    }
    throw failureOf('GEMINI', undefined, (err as Error).message);
  }
  const body = (await res.json().catch(() => ({}))) as GeminiAnswer;
  if (!res.ok) {
    // Gemini answers a bad key with 400 INVALID_ARGUMENT ("API key not valid").
    throw failureOf('GEMINI', res.status, body.error?.message ?? `${res.status} ${res.statusText}`);
  }
  const text = (body.candidates?.[0]?.content?.parts ?? []).map((p) => p.text ?? '').join('');
  return { text, model: body.modelVersion ?? model };
}

const CLIENTS = { CLAUDE: claude, OPENAI: openai, GEMINI: gemini } as const;

/** One completion with `apiKey`, at most `maxTokens` long, from the configured model. */
export function completeWith(
  config: Config,
  provider: AiProvider,
  apiKey: string,
  req: AiRequest,
  maxTokens: number,
): Promise<AiAnswer> {
  return CLIENTS[provider](config, apiKey, req, maxTokens, config.ai.models[provider]).catch(
    (err: unknown) => {
      // Some providers quote the key they refused; nothing of ours repeats it.
      if (err instanceof AiProviderError && apiKey && err.message.includes(apiKey)) {
        throw new AiProviderError(err.failure, err.message.replaceAll(apiKey, '[the key]'));
      }
      throw err;
    },
  );
}
