import { z } from 'zod';
import { AiProviderSchema } from './deployment';

// What a site's owner allows its visitors to spend on AI calls, and what they spent today.

export const SITE_AI_DEFAULTS = {
  enabled: true,
  perVisitorPerMinute: 10,
  perDay: 500,
  maxTokensPerCall: 1024,
} as const;

export const SiteAiSettingsSchema = z.object({
  enabled: z.boolean(),
  perVisitorPerMinute: z.number().int().min(1).max(600),
  perDay: z.number().int().min(1).max(100_000),
  maxTokensPerCall: z.number().int().min(16).max(8192),
});
export type SiteAiSettings = z.infer<typeof SiteAiSettingsSchema>;

/** GET /api/sites/:id/ai */
export const SiteAiResponseSchema = z.object({
  settings: SiteAiSettingsSchema,
  callsToday: z.number(),
  /** The provider that answers this site's calls now, or null when the owner has no active key. */
  provider: AiProviderSchema.nullable(),
});
export type SiteAiResponse = z.infer<typeof SiteAiResponseSchema>;

/** PUT /api/sites/:id/ai: any subset of the settings. */
export const UpdateSiteAiRequestSchema = SiteAiSettingsSchema.partial();
export type UpdateSiteAiRequest = z.infer<typeof UpdateSiteAiRequestSchema>;
