import { z } from 'zod';
import { PlanNameSchema } from './user';

// Plans and billing through Stripe: the plans on offer, a user's subscription and usage, and
// the hand-offs to Stripe's Checkout and portal.

/** One plan as GET /api/billing/plans answers it: the constants of plans.ts and its Stripe price. */
export const BillingPlanSchema = z.object({
  name: PlanNameSchema,
  label: z.string(),
  priceMonthly: z.number().nullable(),
  /** null means unlimited */
  maxSites: z.number().nullable(),
  features: z.array(z.string()),
  /** null: nothing to buy (FREE, ADMIN), or this installation has no price for it */
  stripePriceId: z.string().nullable(),
});
export type BillingPlan = z.infer<typeof BillingPlanSchema>;

export const BillingPlansResponseSchema = z.object({
  /** Keyed by plan name, as the billing screens read them. */
  plans: z.record(PlanNameSchema, BillingPlanSchema),
  /** False when this server has no Stripe key: upgrade buttons say `unavailableReason`. */
  billingEnabled: z.boolean(),
  unavailableReason: z.string().nullable(),
});
export type BillingPlansResponse = z.infer<typeof BillingPlansResponseSchema>;

/** Stripe's subscription statuses, as stored. */
export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
export const SubscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

export const SubscriptionSchema = z.object({
  /** The paid plan its price buys. */
  plan: PlanNameSchema,
  status: SubscriptionStatusSchema,
  /** End of the period paid for: the renewal date, or the end date when it is cancelled. */
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

export const UsageSchema = z.object({
  sites: z.number(),
  /** null means unlimited */
  maxSites: z.number().nullable(),
  storageBytes: z.number(),
  /** null means no quota */
  storageQuotaBytes: z.number().nullable(),
});
export type Usage = z.infer<typeof UsageSchema>;

/** GET /api/billing/subscription */
export const SubscriptionResponseSchema = z.object({
  /** The plan in force now (ADMIN for the installation's admins). */
  plan: PlanNameSchema,
  /** null: never subscribed, or the last subscription has ended. */
  subscription: SubscriptionSchema.nullable(),
  usage: UsageSchema,
  /** 'Manage Billing' opens Stripe's portal: STARTER and PRO users with a Stripe customer. */
  canManageBilling: z.boolean(),
});
export type SubscriptionResponse = z.infer<typeof SubscriptionResponseSchema>;

export const CreateCheckoutSessionRequestSchema = z.object({
  priceId: z.string({ error: 'Please choose a plan' }).min(1, 'Please choose a plan').max(200),
});
export type CreateCheckoutSessionRequest = z.input<typeof CreateCheckoutSessionRequestSchema>;
export const CheckoutSessionResponseSchema = z.object({ checkoutUrl: z.string() });
export type CheckoutSessionResponse = z.infer<typeof CheckoutSessionResponseSchema>;

/**
 * POST /api/billing/confirm-checkout: the Settings screen, back from Checkout with
 * `?session_id=`, has the server read that session from Stripe at once, so the account is
 * upgraded on arrival even when the webhook is still on its way.
 */
export const ConfirmCheckoutRequestSchema = z.object({
  sessionId: z.string().min(1).max(300),
});
export type ConfirmCheckoutRequest = z.input<typeof ConfirmCheckoutRequestSchema>;

export const CreatePortalSessionRequestSchema = z.object({
  /** Must be on the app's own origin. */
  returnUrl: z.string().max(2000),
});
export type CreatePortalSessionRequest = z.input<typeof CreatePortalSessionRequestSchema>;
export const PortalSessionResponseSchema = z.object({ portalUrl: z.string() });
export type PortalSessionResponse = z.infer<typeof PortalSessionResponseSchema>;

/** The paid plans a running subscription can move between in the app. */
export const CHANGEABLE_PLANS = ['STARTER', 'PRO'] as const;

/**
 * POST /api/billing/change-plan: with `preview`, what the change would cost now; without, it
 * asks Stripe to make it. `prorationDate` (from the preview) charges exactly what was shown.
 */
export const ChangePlanRequestSchema = z.object({
  plan: z.enum(CHANGEABLE_PLANS, { error: 'Please choose the Starter or the Pro plan' }),
  preview: z.boolean().optional(),
  prorationDate: z.number().int().positive().optional(),
});
export type ChangePlanRequest = z.input<typeof ChangePlanRequestSchema>;

/** The answer to a preview: Stripe's invoice for the change, and what it does to the account. */
export const PlanChangePreviewSchema = z.object({
  plan: PlanNameSchema,
  currentPlan: PlanNameSchema,
  /** Charged at once, in the currency's smallest unit (cents); 0 when a credit covers it. */
  amountDue: z.number(),
  currency: z.string(),
  /** The change's own sum, smallest unit: negative when unused time is credited. */
  total: z.number(),
  /** Credit left on the account after the change, smallest unit (0 when none). */
  creditAfter: z.number(),
  /** Unix seconds the amounts are worked out for; send it back to apply the same amounts. */
  prorationDate: z.number(),
  /** The next renewal, when the new plan's full price is charged. */
  renewsAt: z.string().nullable(),
  downgrade: z.boolean(),
  /** What the change does to this account's sites, domains, storage and teams, in words. */
  effects: z.array(z.string()),
});
export type PlanChangePreview = z.infer<typeof PlanChangePreviewSchema>;

/** The answer once Stripe took the change: the plan in force moves when its webhook lands. */
export const PlanChangeStartedSchema = z.object({
  plan: PlanNameSchema,
  currentPlan: PlanNameSchema,
  changing: z.literal(true),
});
export type PlanChangeStarted = z.infer<typeof PlanChangeStartedSchema>;
