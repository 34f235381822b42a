import { z } from 'zod';

// Access tokens: what a script, the command-line tool or an MCP client presents instead of a
// browser session. The secret is shown once at creation; afterwards only its prefix and last
// four characters identify it.

/** Every secret starts with this, so a leaked token is easy to grep for and to tell from a session. */
export const ACCESS_TOKEN_PREFIX = 'ah_';

export const ACCESS_TOKEN_SCOPES = ['deploy', 'read'] as const;
export const AccessTokenScopeSchema = z.enum(ACCESS_TOKEN_SCOPES);
export type AccessTokenScope = z.infer<typeof AccessTokenScopeSchema>;

export const ACCESS_TOKEN_EXPIRIES = [7, 30, 90, 365] as const;

/** How many access tokens one account may hold at once (revoking one makes room). */
export const MAX_ACCESS_TOKENS_PER_ACCOUNT = 50;

export const AccessTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: AccessTokenScopeSchema,
  /** The secret's first characters, e.g. 'ah_Xy3k', as a person recognises it. */
  prefix: z.string(),
  last4: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type AccessToken = z.infer<typeof AccessTokenSchema>;

/** POST /api/tokens */
export const CreateAccessTokenRequestSchema = z.object({
  name: z
    .string({ error: 'Token name is required' })
    .trim()
    .min(1, { error: 'Token name is required' })
    .max(100, { error: 'A token name can be at most 100 characters long.' }),
  scope: AccessTokenScopeSchema.default('deploy'),
  expiresInDays: z
    .literal(ACCESS_TOKEN_EXPIRIES, {
      error: 'A token expires after 7, 30, 90 or 365 days, or never.',
    })
    .nullable()
    .default(null),
});
export type CreateAccessTokenRequest = z.input<typeof CreateAccessTokenRequestSchema>;

export const CreateAccessTokenResponseSchema = z.object({
  token: AccessTokenSchema,
  /** The only time the whole secret is ever sent. */
  secret: z.string(),
});
export type CreateAccessTokenResponse = z.infer<typeof CreateAccessTokenResponseSchema>;

export const AccessTokensResponseSchema = z.object({ tokens: z.array(AccessTokenSchema) });
export type AccessTokensResponse = z.infer<typeof AccessTokensResponseSchema>;

export const RevokeAccessTokenResponseSchema = z.object({ ok: z.literal(true), id: z.string() });
export type RevokeAccessTokenResponse = z.infer<typeof RevokeAccessTokenResponseSchema>;
