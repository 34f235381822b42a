import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SiteRuntimeErrorBody, ClaudeCompleteResponse } from '../../builder/contract';
import { readAiRequest } from '../integrations/ai/messages';
import { AiProviderError, completeWith, type AiFailure } from '../integrations/ai/providers';
import type { AppContext } from '../context';
import { recordAiCall } from '../db/queries/api-keys';
import { deploymentById } from '../db/queries/deployments';
import type { SiteRow } from '../db/schema';
import { keyForSite } from '../domain/credentials/api-keys';
import { reserveSiteAiCall, settingsOfSite } from '../domain/credentials/site-ai';
import { nowIso } from '../lib/ids';
import type { RateWindow } from '../limits/rate-counter';
import { readBody, sendJson } from './runtime-http';

// window.claude.complete on a live site, answered with the site owner's key. Only the site's
// own pages may ask (a JSON body, from the site's own origin), so no other web page can spend
// the key through its visitors' browsers. The owner's limits (per visitor, per day, tokens per
// call, on/off) come next; below them sit limits no setting lifts, so a popular or hostile
// page cannot drain a key: a body size, a rate per address across every site (of every web
// node, when REDIS_URL is set), and calls under way at once per site and per address.

const MAX_BODY_BYTES = 256 * 1024;
/** Counted by ctx.rates (across web nodes with Redis), keyed by the normalised address. */
const PER_ADDRESS: RateWindow = { name: 'ai-address', max: 60, windowMs: 60_000 };
/** Counted per setting: an owner who changes the rate starts every visitor on a fresh minute. */
const perVisitor = (perMinute: number): RateWindow => ({
  name: `ai-visitor-${perMinute}`,
  max: perMinute,
  windowMs: 60_000,
});
/**
 * Calls one site may have waiting on its provider at once, on this node (each web node keeps
 * its own count: with N nodes a site may have N times this under way; the daily cap holds
 * across all of them). Enough for a busy page, few enough that a crowd cannot hold a
 * provider's rate limit or this node's sockets.
 */
export const MAX_AI_CALLS_IN_FLIGHT_PER_SITE = 8;
/** The same for one visitor address, across all sites of this node. */
export const MAX_AI_CALLS_IN_FLIGHT_PER_ADDRESS = 3;
const inFlight = new Map<string, number>();

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

export const NOT_JSON = 'Send the request to the AI as JSON (Content-Type: application/json).';
export const NOT_THIS_SITE = "Only this site's own pages can use its AI.";

/** The host name of an Origin header, or null when there is none to read ("null" included). */
function originHost(origin: string): string | null {
  try {
    return new URL(origin).hostname.toLowerCase() || null;
  } catch {
    return null;
  }
}

/**
 * Whether the request comes from a page of the site itself. A browser names the page's origin
 * (Origin) and how it relates to this one (Sec-Fetch-Site): another origin is refused, even a
 * sibling subdomain ("same-site"), except the site's other name (its custom domain for its
 * subdomain, and back). A client that sends neither is no browser: no visitor's browser is
 * being borrowed, and the address limits bound it.
 */
export function fromSiteItself(
  headers: IncomingMessage['headers'],
  ownHosts: Array<string | null>,
): boolean {
  const origin = headers.origin;
  const fetchSite = headers['sec-fetch-site'];
  const own = new Set(ownHosts.filter((h): h is string => !!h).map((h) => h.toLowerCase()));
  if (origin !== undefined) {
    const host = originHost(origin);
    if (!host || !own.has(host)) return false;
  }
  if (fetchSite !== undefined && fetchSite !== 'same-origin') return origin !== undefined;
  return true;
}

function isJson(contentType: string | undefined): boolean {
  return contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

/** Takes a place among the calls under way for each key, or none when one is full. */
function enter(keys: Array<[string, number]>): (() => void) | null {
  if (keys.some(([key, max]) => (inFlight.get(key) ?? 0) >= max)) return null;
  for (const [key] of keys) inFlight.set(key, (inFlight.get(key) ?? 0) + 1);
  return () => {
    for (const [key] of keys) {
      const left = (inFlight.get(key) ?? 1) - 1;
      if (left > 0) inFlight.set(key, left);
      else inFlight.delete(key);
    }
  };
}

export type AiProxy = (
  site: Pick<SiteRow, 'id' | 'user_id' | 'current_deployment_id' | 'subdomain' | 'custom_domain'>,
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
    // A JSON body cannot be sent across origins without the browser asking first (a preflight
    // this endpoint never answers): a form or a "simple" request from another page stops here.
    if (!isJson(req.headers['content-type'])) return json(res, 415, { error: NOT_JSON });
    const ownHosts = [
      hostOf(req.headers.host),
      `${site.subdomain}.${hostOf(ctx.config.sitesDomain)}`,
      site.custom_domain,
    ];
    if (!fromSiteItself(req.headers, ownHosts)) return json(res, 403, { error: NOT_THIS_SITE });
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
    const leave = enter([
      [`site ${site.id}`, MAX_AI_CALLS_IN_FLIGHT_PER_SITE],
      [`address ${visitor}`, MAX_AI_CALLS_IN_FLIGHT_PER_ADDRESS],
    ]);
    if (!leave) {
      return json(res, 429, {
        error: "This site's AI is busy answering other requests. Try again in a moment.",
      });
    }
    try {
      const reservation = await reserveSiteAiCall(ctx.db, site.id, settings.perDay);
      if (!reservation) {
        return json(res, 429, {
          error: "This site has used all of today's AI requests. Try again tomorrow.",
        });
      }
      const maxTokens = Math.min(read.request.maxTokens ?? Infinity, settings.maxTokensPerCall);
      let answer: Awaited<ReturnType<typeof completeWith>>;
      try {
        answer = await completeWith(
          ctx.config,
          key.row.provider,
          key.apiKey,
          read.request,
          maxTokens,
        );
      } catch (err) {
        // No answer, no call spent.
        await reservation.refund();
        if (!(err instanceof AiProviderError)) throw err;
        ctx.log.warn(
          {
            siteId: site.id,
            apiKeyId: key.row.id,
            provider: key.row.provider,
            failure: err.failure,
          },
          'an AI call of a site failed at its provider',
        );
        const status = err.failure === 'quota' ? 429 : err.failure === 'overloaded' ? 503 : 502;
        return json(res, status, { error: VISITOR_MESSAGES[err.failure] });
      }
      await recordAiCall(ctx.db, {
        siteId: site.id,
        apiKeyId: key.row.id,
        day: reservation.day,
        at: nowIso(),
      });
      return json(res, 200, { completion: answer.text });
    } finally {
      leave();
    }
  };
}

/** A Host header or a configured domain without its port, lower case. */
function hostOf(host: string | undefined): string {
  return (host ?? '').replace(/:\d+$/, '').toLowerCase();
}
