/** What GET /api/config says about social sign-in (no secrets). */
export interface OAuthPublicConfig {
  /** ENABLE_OAUTH: false hides the buttons and the guide. */
  enabled: boolean;
  /** Each provider: whether this server has an app for it, and the callback URL to register. */
  providers: Record<'github' | 'google', { configured: boolean; callbackUrl: string }>;
}
