import { z } from 'zod';

// Every API error leaves in this one shape (DESIGN.md, API conventions).
export const ApiErrorSchema = z.object({
  error: z.object({
    message: z.string(),
    code: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

export const PlanLimitDetailsSchema = z.object({
  upgradeRequired: z.literal(true),
  plan: z.string(),
  currentCount: z.number(),
  maxAllowed: z.number(),
});
export type PlanLimitDetails = z.infer<typeof PlanLimitDetailsSchema>;
