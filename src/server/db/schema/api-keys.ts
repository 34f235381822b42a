import type { Selectable } from 'kysely';
import type { AiProvider } from '../../../shared/deployment';

// Owners' AI provider keys, each site's AI settings, and the calls counted against them.

export interface ApiKeysTable {
  id: string;
  user_id: string;
  provider: AiProvider;
  key_name: string;
  /** Sealed with SECRET_KEY (lib/secret-box.ts). */
  key_sealed: string;
  last4: string;
  is_active: number;
  last_used_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface SiteAiSettingsTable {
  site_id: string;
  enabled: number;
  per_visitor_per_minute: number;
  per_day: number;
  max_tokens_per_call: number;
  updated_at: string;
}

/** A site's AI calls of one day: reserved before the provider is asked, refunded on failure. */
export interface AiSiteDaysTable {
  site_id: string;
  day: string;
  calls: number;
}

export interface AiCallsDailyTable {
  site_id: string;
  api_key_id: string;
  day: string;
  calls: number;
}

export type ApiKeyRow = Selectable<ApiKeysTable>;
export type SiteAiSettingsRow = Selectable<SiteAiSettingsTable>;
