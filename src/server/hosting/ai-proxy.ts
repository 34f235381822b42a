import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SiteRuntimeErrorBody, ClaudeCompleteResponse } from '../../builder/contract';
import { readAiRequest } from '../ai/messages';
import { AiProviderError, completeWith, type AiFailure } from '../ai/providers';
import type { AppContext } from '../context';
import { aiCallsOfSite, recordAiCall } from '../db/queries/api-keys';
import { deploymentById } from '../db/queries/deployments';
import type { SiteRow } from '../db/schema';
import { aiDay, keyForSite } from '../domain/api-keys';
import { settingsOfSite } from '../domain/site-ai';
import { nowIso } from '../lib/ids';
import type { RateWindow } from '../limits/rate-counter';
import { readBody, sendJson } from './runtime-http';

// window.claude.complete on a live site, answered with the site owner's key. The owner's limits
// (per visitor, per day, tokens per call, on/off) come first; below them sit limits no setting
// lifts, so a popular or hostile page cannot drain a key: a body size, and a rate per address
// across every site (of every web node, when REDIS_URL is set).

const MAX_BODY_BYTES = 256 * 1024;
/** Counted by ctx.rates (across web nodes with Redis), keyed by the normalised address. */
const PER_ADDRESS: RateWindow = { name: 'ai-address', max: 60, windowMs: 60_000 };
const perVisitor = (perMinute: number): RateWindow => ({
  name: 'ai-visitor',
  max: perMinute,
  windowMs: 60_000,
});

export const NOT_CONNECTED = "This site's owner has not connected an AI provider yet.";

// What a visitor is told when the provider fails: never the provider's own words, which may
// quote part of the owner's key.
const VISITOR_MESSAGES: Record<AiFailure, string> = {
  invalid_key: "The site owner's AI provider key was refused. The owner needs to update it.",
  quota: "The site owner's AI provider key is over its rate limit or quota. Try again later.",
  overloaded: 'The AI provider is overloaded right now. Try again in a moment.',
  rejected: 'The AI provider could not answer this request.',
  unreachable: 'The AI provider could not be reached. Try again in a moment.',
};

type Body = ClaudeCompleteResponse | (SiteRuntimeErrorBody & { code?: string });

const json = (res: ServerResponse, status: number, body: Body) => sendJson(res, status, body);

export type AiProxy = (
  site: Pick<SiteRow, 'id' | 'user_id' | 'current_deployment_id'>,
  visitor: string,
  req: IncomingMessage,
  res: ServerResponse,
) => Promise<void>;

export function createAiProxy(ctx: AppContext): AiProxy {
  return async (site, visitor, req, res) => {
    if (req.method !== 'POST') {
      res.setHeader('allow', 'POST');
      return json(res, 405, { error: 'Use POST to ask the AI.' });
    }
    const fromAddress = await ctx.rates.take(PER_ADDRESS, visitor);
    if (!fromAddress.allowed) {
      res.setHeader('retry-after', Math.max(1, Math.ceil(fromAddress.retryAfterMs / 1000)));
      return json(res, 429, { error: 'Too many AI requests from your address. Wait a minute.' });
    }
    const text = await readBody(req, MAX_BODY_BYTES);
    if (text === null) {
      return json(res, 413, { error: 'The request to the AI is too large (256 KB at most).' });
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const read = readAiRequest(body);
    if (!read.ok) return json(res, 400, { error: read.message });

    const settings = await settingsOfSite(ctx.db, site.id);
    if (!settings.enabled) {
      return json(res, 403, { error: 'AI features are turned off for this site by its owner.' });
    }
    const live = site.current_deployment_id
      ? await deploymentById(ctx.db, site.current_deployment_id)
      : undefined;
    const key = await keyForSite(ctx, site.user_id, live?.ai_provider ?? null);
    if (!key) return json(res, 503, { error: NOT_CONNECTED, code: 'AI_NOT_CONNECTED' });

    const visitorLimit = perVisitor(settings.perVisitorPerMinute);
    const fromVisitor = await ctx.rates.take(visitorLimit, `${site.id} ${visitor}`);
    if (!fromVisitor.allowed) {
      res.setHeader('retry-after', Math.max(1, Math.ceil(fromVisitor.retryAfterMs / 1000)));
      return json(res, 429, {
        error: `You can ask this site's AI ${settings.perVisitorPerMinute} ${settings.perVisitorPerMinute === 1 ? 'time' : 'times'} a minute. Wait a moment and try again.`,
      });
    }
    const day = aiDay();
    if ((await aiCallsOfSite(ctx.db, site.id, day)) >= settings.perDay) {
      return json(res, 429, {
        error: "This site has used all of today's AI requests. Try again tomorrow.",
      });
    }

    const maxTokens = Math.min(read.request.maxTokens ?? Infinity, settings.maxTokensPerCall);
    try {
      const answer = await completeWith(
        ctx.config,
        key.row.provider,
        key.apiKey,
        read.request,
        maxTokens,
      );
      await recordAiCall(ctx.db, { siteId: site.id, apiKeyId: key.row.id, day, at: nowIso() });
      return json(res, 200, { completion: answer.text });
    } catch (err) {
      if (!(err instanceof AiProviderError)) throw err;
      ctx.log.warn(
        { siteId: site.id, apiKeyId: key.row.id, provider: key.row.provider, failure: err.failure },
        'an AI call of a site failed at its provider',
      );
      const status = err.failure === 'quota' ? 429 : err.failure === 'overloaded' ? 503 : 502;
      return json(res, status, { error: VISITOR_MESSAGES[err.failure] });
    }
  };
}
