import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  ChangePasswordRequestSchema,
  UpdateProfileRequestSchema,
  type ChangePasswordResponse,
  LoginRequestSchema,
  RegisterRequestSchema,
  SignInCodeRequestSchema,
  type AuthResponse,
  type MeResponse,
} from '../../../../shared/user';
import type { AppContext } from '../../../context';
import { createGuest, login, register, type SignedIn } from '../../../domain/accounts';
import { changePassword, renameUser } from '../../../domain/profile';
import { revokeSession } from '../../../domain/sessions';
import {
  exchangeSignInCode,
  newSignInState,
  SIGN_IN_STATE_TTL_MS,
} from '../../../domain/sign-in-codes';
import { notFound, unauthorized } from '../../../errors';
import { presentUser } from '../../../presenters/user';
import { clearAuthCookie, requireUser, setAuthCookie } from '../../auth';
import { clientAddress, rateLimits } from '../../rate-limits';
import { accountRoutes } from './account';

const SOCIAL_PROVIDERS: Record<string, string> = { github: 'GitHub', google: 'Google' };

// Names the browser that started a sign-in (domain/sign-in-codes.ts); only /api/auth sees it.
const STATE_COOKIE = 'auth_state';
const STATE_COOKIE_PATH = '/api/auth';

const userAgent = (r: FastifyRequest) => r.headers['user-agent'] ?? null;

export function authRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const answer = (signedIn: SignedIn): AuthResponse => ({
      token: signedIn.session.token,
      user: presentUser(ctx.config, signedIn.user),
    });

    const limits = rateLimits(ctx.config);
    await app.register(accountRoutes(ctx));

    app.post('/register', { config: { rateLimit: limits.signUp } }, async (request, reply) => {
      const input = RegisterRequestSchema.parse(request.body ?? {});
      const signedIn = await register(ctx.db, ctx.config, input, userAgent(request));
      setAuthCookie(ctx, reply, signedIn.session.token, signedIn.session.expiresAt);
      return reply.status(201).send(answer(signedIn));
    });

    app.post('/login', { config: { rateLimit: limits.signIn } }, async (request, reply) => {
      const input = LoginRequestSchema.parse(request.body ?? {});
      const signedIn = await login(ctx.db, ctx.config, input, {
        ip: clientAddress(request),
        userAgent: userAgent(request),
      });
      setAuthCookie(ctx, reply, signedIn.session.token, signedIn.session.expiresAt);
      return answer(signedIn);
    });

    app.post('/guest', { config: { rateLimit: limits.guest } }, async (request, reply) => {
      const signedIn = await createGuest(ctx.db, userAgent(request));
      setAuthCookie(ctx, reply, signedIn.session.token, signedIn.session.expiresAt);
      return reply.status(201).send(answer(signedIn));
    });

    app.get(
      '/me',
      async (request) =>
        ({ user: presentUser(ctx.config, requireUser(request)) }) satisfies MeResponse,
    );

    app.patch('/me', async (request) => {
      const input = UpdateProfileRequestSchema.parse(request.body ?? {});
      const user = await renameUser(ctx, requireUser(request), input.name);
      return { user: presentUser(ctx.config, user) } satisfies MeResponse;
    });

    app.post('/password', { config: { rateLimit: limits.signIn } }, async (request) => {
      const user = requireUser(request);
      if (!request.sessionId) throw unauthorized();
      const input = ChangePasswordRequestSchema.parse(request.body ?? {});
      return (await changePassword(
        ctx,
        user,
        request.sessionId,
        input,
      )) satisfies ChangePasswordResponse;
    });

    // Social sign-in needs an OAuth app registered by whoever runs this installation; until
    // one is configured the button returns to the app with an honest reason.
    app.get('/:provider', async (request, reply) => {
      const { provider } = request.params as { provider: string };
      const label = SOCIAL_PROVIDERS[provider];
      if (!label) throw notFound();
      // Sign-in starts here, so this browser is the one its return code will be bound to.
      reply.setCookie(STATE_COOKIE, newSignInState(), {
        httpOnly: true,
        // Lax: the provider sends the person back with a top-level GET from its own site.
        sameSite: 'lax',
        secure: ctx.config.appOrigin.startsWith('https:'),
        path: STATE_COOKIE_PATH,
        maxAge: SIGN_IN_STATE_TTL_MS / 1000,
      });
      const error = `${label} sign-in is not set up on this server yet. Please use email and password.`;
      const query = new URLSearchParams({ provider, error });
      return reply.redirect(`${ctx.config.appOrigin}/auth/callback?${query}`);
    });

    // /auth/callback in the web app: the code it was given becomes a session for this browser.
    app.post('/callback', { config: { rateLimit: limits.signIn } }, async (request, reply) => {
      const { code } = SignInCodeRequestSchema.parse(request.body ?? {});
      const signedIn = await exchangeSignInCode(
        ctx.db,
        code,
        request.cookies[STATE_COOKIE] ?? null,
        userAgent(request),
      );
      reply.clearCookie(STATE_COOKIE, { path: STATE_COOKIE_PATH });
      setAuthCookie(ctx, reply, signedIn.session.token, signedIn.session.expiresAt);
      return answer(signedIn);
    });

    app.post('/logout', async (request, reply) => {
      if (request.authToken) await revokeSession(ctx, request.authToken);
      clearAuthCookie(reply);
      return { ok: true };
    });
  };
}
