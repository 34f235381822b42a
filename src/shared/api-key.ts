import { z } from 'zod';
import { AiProviderSchema, type AiProvider } from './deployment';

// A user's stored AI-provider keys. The key itself only ever travels
// from the browser to the server: every answer carries its masked tail instead.

export { AI_PROVIDERS, AiProviderSchema, type AiProvider } from './deployment';

export const AI_PROVIDER_LABELS: Record<AiProvider, string> = {
  CLAUDE: 'Claude (Anthropic)',
  GEMINI: 'Gemini (Google)',
  OPENAI: 'OpenAI',
};

export const ApiKeySchema = z.object({
  id: z.string(),
  provider: AiProviderSchema,
  keyName: z.string(),
  isActive: z.boolean(),
  lastUsedAt: z.string().nullable(),
  /** The key's last four characters after an ellipsis, such as '…x7Qa'. */
  maskedKey: z.string(),
  /** Calls answered with this key since midnight UTC. */
  callsToday: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

export const ApiKeysResponseSchema = z.array(ApiKeySchema);
export type ApiKeysResponse = z.infer<typeof ApiKeysResponseSchema>;

const keyName = z
  .string({ error: 'Key name is required' })
  .trim()
  .min(1, { error: 'Key name is required' })
  .max(100, { error: 'A key name can be at most 100 characters long.' });
const apiKeyText = z
  .string({ error: 'API key is required' })
  .trim()
  .max(1000, { error: 'That does not look like an API key: it is over 1000 characters long.' });

/** POST /api/api-keys */
export const CreateApiKeyRequestSchema = z.object({
  provider: AiProviderSchema.default('CLAUDE'),
  keyName,
  apiKey: apiKeyText.min(1, { error: 'API key is required' }),
  /**
   * Whether the new key answers its provider's calls. Left out, it does only when the provider
   * has no active key yet: adding a key never switches another one off unasked.
   */
  isActive: z.boolean().optional(),
});
export type CreateApiKeyRequest = z.input<typeof CreateApiKeyRequestSchema>;

/** PUT /api/api-keys/:id: the provider can't change; a blank apiKey keeps the stored one. */
export const UpdateApiKeyRequestSchema = z.object({
  provider: AiProviderSchema.optional(),
  keyName,
  apiKey: apiKeyText.optional(),
  isActive: z.boolean().optional(),
});
export type UpdateApiKeyRequest = z.input<typeof UpdateApiKeyRequestSchema>;

export const ApiKeyResponseSchema = z.object({ apiKey: ApiKeySchema });
export type ApiKeyResponse = z.infer<typeof ApiKeyResponseSchema>;

/**
 * DELETE /api/api-keys/:id?activate=<id>. Deleting the provider's active key makes another of
 * its keys active: the one named, else the newest, so a provider with keys keeps answering.
 */
export const DeleteApiKeyQuerySchema = z.object({
  activate: z.string().trim().min(1).max(100).optional(),
});
export type DeleteApiKeyQuery = z.infer<typeof DeleteApiKeyQuerySchema>;

export const DeleteApiKeyResponseSchema = z.object({
  ok: z.literal(true),
  id: z.string(),
  /** The key made active in the deleted one's place, if any. */
  activated: ApiKeySchema.nullable(),
});
export type DeleteApiKeyResponse = z.infer<typeof DeleteApiKeyResponseSchema>;

/** POST /api/api-keys/:id/test */
export const TestApiKeyResponseSchema = z.object({
  isValid: z.boolean(),
  error: z.string().nullable(),
  model: z.string().nullable(),
});
export type TestApiKeyResponse = z.infer<typeof TestApiKeyResponseSchema>;
