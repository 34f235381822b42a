import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../../context';
import type { OAuthProvider } from '../../../db/schema';
import { finishSocialSignIn, startSocialSignIn } from '../../../domain/accounts/social-sign-in';
import { AppError, notFound } from '../../../errors';
import { isOAuthProvider, OAUTH_PROVIDERS, oauthClients } from '../../../integrations/oauth';
import { OAuthProviderError } from '../../../integrations/oauth/types';
import { rateLimits } from '../../rate-limits';
import { setStateCookie, STATE_COOKIE } from './state-cookie';

const ProviderParams = z.object({ provider: z.string() });
// Whatever the provider (or someone posing as it) puts in the query; only strings are read.
const ReturnQuery = z.object({
  state: z.string().max(512).optional(),
  code: z.string().max(2048).optional(),
  error: z.string().max(256).optional(),
});

/** GET /api/auth/{github,google} and their callbacks; every outcome lands on /auth/callback. */
export function socialSignInRoutes(ctx: AppContext): FastifyPluginAsync {
  const clients = oauthClients(ctx.config);
  const limits = rateLimits(ctx.config);

  const backToApp = (
    reply: FastifyReply,
    provider: OAuthProvider,
    result: Record<string, string>,
  ) => {
    const query = new URLSearchParams({ ...result, provider });
    return reply.redirect(`${ctx.config.oauth.clientUrl}/auth/callback?${query}`);
  };

  const providerOf = (params: unknown): OAuthProvider => {
    const { provider } = ProviderParams.parse(params);
    // ENABLE_OAUTH=false: as if the feature did not exist.
    if (!ctx.config.oauth.enabled || !isOAuthProvider(provider)) throw notFound();
    return provider;
  };

  return async (app) => {
    app.get('/:provider', { config: { rateLimit: limits.signIn } }, async (request, reply) => {
      const provider = providerOf(request.params);
      const client = clients[provider];
      // Sign-in starts here, so this browser is the one its return code will be bound to.
      const browserState = setStateCookie(ctx, reply);
      if (!client) {
        const label = OAUTH_PROVIDERS[provider];
        const error = `${label} sign-in is not set up on this server yet. Please use email and password.`;
        return backToApp(reply, provider, { error });
      }
      try {
        return reply.redirect(await startSocialSignIn(ctx.db, client, browserState));
      } catch (err) {
        return backToApp(reply, provider, { error: shownMessage(ctx, err) });
      }
    });

    app.get(
      '/:provider/callback',
      { config: { rateLimit: limits.signIn } },
      async (request, reply) => {
        const provider = providerOf(request.params);
        const client = clients[provider];
        if (!client) throw notFound();
        const parsed = ReturnQuery.safeParse(request.query);
        const back = parsed.success ? parsed.data : {};
        try {
          const result = await finishSocialSignIn(ctx.db, ctx.config, client, {
            state: back.state,
            code: back.code,
            error: back.error,
            browserState: request.cookies[STATE_COOKIE],
          });
          return backToApp(reply, provider, result);
        } catch (err) {
          return backToApp(reply, provider, { error: shownMessage(ctx, err) });
        }
      },
    );
  };
}

/** Words for the person; anything unexpected is logged (without secrets) and said plainly. */
function shownMessage(ctx: AppContext, err: unknown): string {
  if (err instanceof AppError || err instanceof OAuthProviderError) {
    if (err instanceof OAuthProviderError && err.cause) {
      ctx.log.warn({ err: describe(err.cause) }, `social sign-in: ${err.message}`);
    }
    return err.message;
  }
  ctx.log.error({ err }, 'social sign-in failed');
  return 'Something went wrong while signing you in. Please try again.';
}

// The cause of a provider failure: its kind and message, never a request that might hold a secret.
const describe = (cause: unknown) =>
  cause instanceof Error ? { name: cause.name, message: cause.message } : String(cause);
