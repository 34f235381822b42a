import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  ClaimRequestSchema,
  type ClaimInfoResponse,
  type GuestClaim,
} from '../../../../shared/claim';
import type { AppContext } from '../../../context';
import { claimWithToken, describeClaim } from '../../../domain/sites/claims';
import { presentClaim, presentClaimableSite } from '../../../presenters/claim';
import { requireUser } from '../../auth';
import { rateLimits } from '../../rate-limits';

const TokenParams = z.object({ token: z.string().min(1).max(200) });

/** /api/sites/claim: claim links and the pick dialog (domain/sites/claims.ts). */
export function claimRoutes(ctx: AppContext): FastifyPluginAsync {
  // Tokens are 256 bits, so guessing is hopeless; the limit keeps anyone from trying at speed.
  const limited = { config: { rateLimit: rateLimits(ctx.config).signIn } };
  return async (app) => {
    app.get('/:token', limited, async (request) => {
      const { token } = TokenParams.parse(request.params);
      const claim = await describeClaim(ctx.db, token);
      return {
        sites: claim.sites.map((s) => presentClaimableSite(ctx.config, s)),
        expiresAt: claim.expiresAt,
      } satisfies ClaimInfoResponse;
    });

    app.post('/', limited, async (request) => {
      const user = requireUser(request);
      const input = ClaimRequestSchema.parse(request.body ?? {});
      const outcome = await claimWithToken(ctx, user, input.claimToken, input.siteIds);
      return presentClaim(ctx.config, outcome) satisfies GuestClaim;
    });
  };
}
