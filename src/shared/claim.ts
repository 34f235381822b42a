import { z } from 'zod';
import { PLAN_NAMES } from './plans';

// Claimable guest sites: a guest's sites moving into an account, on sign-up or sign-in from
// the same browser, or through a claim link (a session-less API deploy answers with one).

/** A claim link lives as long as the guest site it was made for: one day. */
export const CLAIM_LINK_TTL_MS = 24 * 60 * 60 * 1000;

/** One guest site that can move, as the pick dialog and the claim page show it. */
export const ClaimableSiteSchema = z.object({
  id: z.string(),
  name: z.string(),
  subdomain: z.string(),
  url: z.string(),
  expiresAt: z.string().nullable(),
});
export type ClaimableSite = z.infer<typeof ClaimableSiteSchema>;

/**
 * What happened to a guest's sites. All of them move when they fit the plan; otherwise none
 * move on their own: `claimable` lists them, `maxClaimable` says how many still fit (null: no
 * limit), and `claimToken` is the proof the pick call (POST /api/sites/claim) needs.
 */
export const GuestClaimSchema = z.object({
  moved: z.array(ClaimableSiteSchema),
  claimable: z.array(ClaimableSiteSchema),
  maxClaimable: z.number().nullable(),
  plan: z.enum(PLAN_NAMES),
  claimToken: z.string().nullable(),
});
export type GuestClaim = z.infer<typeof GuestClaimSchema>;

/** POST /api/sites/claim: without siteIds every site of the claim (when they fit). */
export const ClaimRequestSchema = z.object({
  claimToken: z.string().min(1, { message: 'This claim link is not valid.' }).max(200),
  siteIds: z
    .array(z.string().max(100))
    .min(1, { message: 'Please choose at least one site to keep.' })
    .max(1000)
    .optional(),
});
export type ClaimRequest = z.input<typeof ClaimRequestSchema>;

/** GET /api/sites/claim/{token}: what the claim page shows before anyone signs in. */
export const ClaimInfoResponseSchema = z.object({
  sites: z.array(ClaimableSiteSchema),
  expiresAt: z.string(),
});
export type ClaimInfoResponse = z.infer<typeof ClaimInfoResponseSchema>;

export const CLAIM_MESSAGES = {
  used: 'This claim link has already been used. Its site is in the account that claimed it.',
  expired: 'This claim link has expired. Guest sites can be claimed for 24 hours after deploying.',
  unknown: 'This claim link is not valid. Check that you copied the whole link.',
  nothingLeft: 'The guest sites of this claim have expired, so there is nothing left to keep.',
  notClaimable: 'Some of the chosen sites can no longer be claimed. Please choose again.',
  guestsCannotClaim: 'Please sign up or sign in to keep guest sites.',
} as const;
