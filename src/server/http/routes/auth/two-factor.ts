import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AddPasskeyRequestSchema,
  ChallengeRequestSchema,
  ConfirmIdentityRequestSchema,
  PasskeySignInRequestSchema,
  RenamePasskeyRequestSchema,
  SecondFactorRequestSchema,
  TotpEnableRequestSchema,
  type AddPasskeyResponse,
  type Passkey,
  type PasskeyOptionsResponse,
  type RecoveryCodesResponse,
  type TotpSetupResponse,
  type TwoFactorStatus,
} from '../../../../shared/two-factor';
import type { AuthResponse } from '../../../../shared/user';
import type { AppContext } from '../../../context';
import type { SignedIn } from '../../../domain/accounts/sessions';
import {
  addPasskey,
  finishWithPasskey,
  passkeyRegistrationOptions,
  passkeySignInOptions,
  removePasskey,
  renameOwnPasskey,
  secondFactorPasskeyOptions,
  signInWithPasskey,
} from '../../../domain/accounts/passkeys';
import {
  disableTotp,
  enableTotp,
  regenerateRecoveryCodes,
  startTotpSetup,
  twoFactorStatus,
} from '../../../domain/accounts/two-factor';
import { finishWithCode } from '../../../domain/accounts/two-factor-sign-in';
import {
  presentAddedPasskey,
  presentPasskey,
  presentPasskeyOptions,
  presentTotpSetup,
  presentTwoFactorStatus,
} from '../../../presenters/two-factor';
import { requireSessionUser, setAuthCookie } from '../../auth';
import { clientAddress, rateLimits } from '../../rate-limits';

// A credential id is base64url of up to 1023 bytes.
const PasskeyParamsSchema = z.object({
  id: z.string().min(1).max(1400, 'The id is not valid.'),
});

const client = (request: FastifyRequest) => ({
  ip: clientAddress(request),
  userAgent: request.headers['user-agent'] ?? null,
});

/**
 * /api/auth/2fa/* (Settings → Security, a signed-in person only), /api/auth/login/2fa (the
 * second step of a sign-in) and /api/auth/passkey (signing in with a passkey alone).
 */
export function twoFactorRoutes(
  ctx: AppContext,
  answer: (request: FastifyRequest, signedIn: SignedIn) => Promise<AuthResponse>,
): FastifyPluginAsync {
  const limits = rateLimits(ctx.config);
  return async (app) => {
    const signedIn = async (
      request: FastifyRequest,
      reply: Parameters<typeof setAuthCookie>[1],
      result: SignedIn,
    ) => {
      setAuthCookie(ctx, reply, result.session.token, result.session.expiresAt);
      return answer(request, result);
    };

    // --- Settings → Security ----------------------------------------------------------------

    app.get('/2fa', async (request) => {
      const state = await twoFactorStatus(ctx, requireSessionUser(request));
      return presentTwoFactorStatus(state) satisfies TwoFactorStatus;
    });

    app.post('/2fa/totp/setup', async (request) => {
      const setup = await startTotpSetup(ctx, requireSessionUser(request));
      return (await presentTotpSetup(setup)) satisfies TotpSetupResponse;
    });

    app.post('/2fa/totp/enable', { config: { rateLimit: limits.signIn } }, async (request) => {
      const user = requireSessionUser(request);
      const { code } = TotpEnableRequestSchema.parse(request.body ?? {});
      return { recoveryCodes: await enableTotp(ctx, user, code) } satisfies RecoveryCodesResponse;
    });

    app.post('/2fa/totp/disable', { config: { rateLimit: limits.signIn } }, async (request) => {
      const user = requireSessionUser(request);
      const proof = ConfirmIdentityRequestSchema.parse(request.body ?? {});
      await disableTotp(ctx, user, proof);
      return presentTwoFactorStatus(await twoFactorStatus(ctx, user)) satisfies TwoFactorStatus;
    });

    app.post('/2fa/recovery-codes', { config: { rateLimit: limits.signIn } }, async (request) => {
      const user = requireSessionUser(request);
      const proof = ConfirmIdentityRequestSchema.parse(request.body ?? {});
      return {
        recoveryCodes: await regenerateRecoveryCodes(ctx, user, proof),
      } satisfies RecoveryCodesResponse;
    });

    app.post('/2fa/passkeys/options', async (request) => {
      const user = requireSessionUser(request);
      const ceremony = await passkeyRegistrationOptions(ctx, user);
      return presentPasskeyOptions(ceremony) satisfies PasskeyOptionsResponse;
    });

    app.post('/2fa/passkeys', async (request, reply) => {
      const user = requireSessionUser(request);
      const input = AddPasskeyRequestSchema.parse(request.body ?? {});
      const added = await addPasskey(ctx, user, input);
      return reply.status(201).send(presentAddedPasskey(added) satisfies AddPasskeyResponse);
    });

    app.patch('/2fa/passkeys/:id', async (request) => {
      const user = requireSessionUser(request);
      const { id } = PasskeyParamsSchema.parse(request.params);
      const { name } = RenamePasskeyRequestSchema.parse(request.body ?? {});
      return { passkey: presentPasskey(await renameOwnPasskey(ctx, user, id, name)) } satisfies {
        passkey: Passkey;
      };
    });

    app.delete('/2fa/passkeys/:id', async (request, reply) => {
      const user = requireSessionUser(request);
      const { id } = PasskeyParamsSchema.parse(request.params);
      await removePasskey(ctx, user, id);
      return reply.status(204).send();
    });

    // --- signing in -------------------------------------------------------------------------

    app.post('/login/2fa', { config: { rateLimit: limits.signIn } }, async (request, reply) => {
      const input = SecondFactorRequestSchema.parse(request.body ?? {});
      const result = input.passkey
        ? await finishWithPasskey(ctx, input.challenge, input.passkey, client(request))
        : await finishWithCode(ctx, input.challenge, input.code ?? '', client(request));
      return signedIn(request, reply, result);
    });

    app.post(
      '/login/2fa/passkey-options',
      { config: { rateLimit: limits.signIn } },
      async (request) => {
        const { challenge } = ChallengeRequestSchema.parse(request.body ?? {});
        const ceremony = await secondFactorPasskeyOptions(ctx, challenge);
        return presentPasskeyOptions(ceremony) satisfies PasskeyOptionsResponse;
      },
    );

    app.post('/passkey/options', { config: { rateLimit: limits.signIn } }, async () => {
      return presentPasskeyOptions(
        await passkeySignInOptions(ctx),
      ) satisfies PasskeyOptionsResponse;
    });

    app.post('/passkey', { config: { rateLimit: limits.signIn } }, async (request, reply) => {
      const input = PasskeySignInRequestSchema.parse(request.body ?? {});
      const result = await signInWithPasskey(ctx, input.challenge, input.response, client(request));
      return signedIn(request, reply, result);
    });
  };
}
