import type { AiProvider } from '../../../shared/deployment';
import {
  SITE_AI_DEFAULTS,
  type SiteAiSettings,
  type UpdateSiteAiRequest,
} from '../../../shared/site-ai';
import type { AppContext } from '../../context';
import { aiCallsOfSiteDay, refundAiCall, reserveAiCall } from '../../db/queries/ai-site-days';
import { activeApiKeysOfUser, putSiteAiSettings, siteAiSettings } from '../../db/queries/api-keys';
import type { Database } from '../../db/database';
import type { SiteRow } from '../../db/schema';
import { nowIso } from '../../lib/ids';
import { aiDay, pickKey } from './api-keys';
import { deploymentById } from '../../db/queries/deployments';

// What a site's owner lets visitors spend on AI calls. A site nobody configured has the defaults.

export async function settingsOfSite(db: Database, siteId: string): Promise<SiteAiSettings> {
  const row = await siteAiSettings(db, siteId);
  if (!row) return { ...SITE_AI_DEFAULTS };
  return {
    enabled: row.enabled === 1,
    perVisitorPerMinute: row.per_visitor_per_minute,
    perDay: row.per_day,
    maxTokensPerCall: row.max_tokens_per_call,
  };
}

/** A site's AI settings with what they have come to today. */
export interface SiteAiState {
  settings: SiteAiSettings;
  callsToday: number;
  /** Whose key would answer the site's next call; null when the owner has no active key. */
  provider: AiProvider | null;
}

export async function siteAiState(ctx: AppContext, site: SiteRow): Promise<SiteAiState> {
  const [settings, callsToday, keys, live] = await Promise.all([
    settingsOfSite(ctx.db, site.id),
    aiCallsOfSiteDay(ctx.db, site.id, aiDay()),
    activeApiKeysOfUser(ctx.db, site.user_id),
    site.current_deployment_id ? deploymentById(ctx.db, site.current_deployment_id) : undefined,
  ]);
  // The same choice the AI proxy makes for the site's next call.
  const provider = pickKey(keys, live?.ai_provider ?? null)?.provider ?? null;
  return { settings, callsToday, provider };
}

export async function changeSiteAi(
  ctx: AppContext,
  site: SiteRow,
  input: UpdateSiteAiRequest,
): Promise<SiteAiState> {
  const next = { ...(await settingsOfSite(ctx.db, site.id)), ...input };
  await putSiteAiSettings(ctx.db, {
    site_id: site.id,
    enabled: next.enabled ? 1 : 0,
    per_visitor_per_minute: next.perVisitorPerMinute,
    per_day: next.perDay,
    max_tokens_per_call: next.maxTokensPerCall,
    updated_at: nowIso(),
  });
  return siteAiState(ctx, site);
}

/** A call's place under its site's daily cap, taken before the provider is asked. */
export interface AiReservation {
  day: string;
  /** The provider gave no answer: the place is free again. */
  refund(): Promise<void>;
}

/**
 * Takes one of today's calls of the site, or null when the day's cap is reached. Taken before
 * the provider is called, so however many visitors ask at once, no more than `perDay` calls a
 * day reach the provider; a call the provider fails gives its place back.
 */
export async function reserveSiteAiCall(
  db: Database,
  siteId: string,
  perDay: number,
): Promise<AiReservation | null> {
  const day = aiDay();
  if (!(await reserveAiCall(db, siteId, day, perDay))) return null;
  return { day, refund: () => refundAiCall(db, siteId, day) };
}
