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
import { createGuest, login, register } from '../../../domain/accounts/accounts';
import type { SignedIn } from '../../../domain/accounts/sessions';
import { adoptGuestSites } from '../../../domain/sites/claims';
import { sendVerificationLink } from '../../../domain/accounts/email-verification';
import { changePassword, renameUser } from '../../../domain/accounts/profile';
import { revokeSession } from '../../../domain/accounts/sessions';
import { exchangeSignInCode } from '../../../domain/accounts/sign-in-codes';
import { isPending } from '../../../domain/accounts/two-factor-sign-in';
import { unauthorized } from '../../../errors';
import { presentClaim } from '../../../presenters/claim';
import { presentUser } from '../../../presenters/user';
import { presentTwoFactorRequired } from '../../../presenters/two-factor';
import { clearAuthCookie, requireUser, setAuthCookie } from '../../auth';
import { clientAddress, rateLimits } from '../../rate-limits';
import { accountRoutes } from './account';
import { emailRoutes } from './email';
import { socialSignInRoutes } from './social';
import { STATE_COOKIE, STATE_COOKIE_PATH } from './state-cookie';
import { twoFactorRoutes } from './two-factor';

const userAgent = (r: FastifyRequest) => r.headers['user-agent'] ?? null;

export function authRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    // The request still carries the guest session this browser had (its own bearer token or
    // cookie): that guest's sites come along to the account (domain/sites/claims.ts).
    const answer = async (request: FastifyRequest, signedIn: SignedIn): Promise<AuthResponse> => {
      const claim = await adoptGuestSites(ctx, signedIn.user, request.currentUser);
      return {
        token: signedIn.session.token,
        user: presentUser(ctx.config, signedIn.user),
        ...(claim ? { claim: presentClaim(ctx.config, claim) } : {}),
      };
    };

    const limits = rateLimits(ctx.config);
    await app.register(accountRoutes(ctx));
    await app.register(emailRoutes(ctx));

    app.post('/register', { config: { rateLimit: limits.signUp } }, async (request, reply) => {
      const input = RegisterRequestSchema.parse(request.body ?? {});
      const signedIn = await register(ctx.db, ctx.config, input, userAgent(request));
      await sendVerificationLink(ctx, signedIn.user);
      setAuthCookie(ctx, reply, signedIn.session.token, signedIn.session.expiresAt);
      return reply.status(201).send(await answer(request, signedIn));
    });

    app.post('/login', { config: { rateLimit: limits.signIn } }, async (request, reply) => {
      const input = LoginRequestSchema.parse(request.body ?? {});
      const signedIn = await login(ctx.db, ctx.config, input, {
        ip: clientAddress(request),
        userAgent: userAgent(request),
      });
      // The second factor is owed: no session, no cookie, until POST /login/2fa.
      if (isPending(signedIn)) return presentTwoFactorRequired(signedIn);
      setAuthCookie(ctx, reply, signedIn.session.token, signedIn.session.expiresAt);
      return answer(request, signedIn);
    });

    app.post('/guest', { config: { rateLimit: limits.guest } }, async (request, reply) => {
      const signedIn = await createGuest(ctx.db, userAgent(request));
      setAuthCookie(ctx, reply, signedIn.session.token, signedIn.session.expiresAt);
      return reply.status(201).send({
        token: signedIn.session.token,
        user: presentUser(ctx.config, signedIn.user),
      } satisfies AuthResponse);
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

    await app.register(socialSignInRoutes(ctx));
    await app.register(twoFactorRoutes(ctx, answer));

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
      if (isPending(signedIn)) return presentTwoFactorRequired(signedIn);
      setAuthCookie(ctx, reply, signedIn.session.token, signedIn.session.expiresAt);
      return answer(request, signedIn);
    });

    app.post('/logout', async (request, reply) => {
      if (request.authToken) await revokeSession(ctx, request.authToken);
      clearAuthCookie(reply);
      return { ok: true };
    });
  };
}
