import { z } from 'zod';
import { AiProviderSchema } from './deployment';

// Fix with AI: a failed build's source and error sent to the site owner's AI provider, and the
// whole files it proposes instead, shown as a diff. Nothing is deployed until the person sends
// the proposal's files to POST /api/sites/:id/edits.

/** What the provider is asked to write at most, and what each proposed file may weigh. */
export const FIX_MAX_TOKENS = 8192;
/** The source sent to the provider at most (characters); a larger source is not sent whole. */
export const FIX_MAX_SOURCE_CHARS = 200_000;

export const FixFileSchema = z.object({
  path: z.string(),
  /** The file as the failed version has it. */
  before: z.string(),
  /** The file as the provider proposes it, whole. */
  after: z.string(),
});
export type FixFile = z.infer<typeof FixFileSchema>;

export const FixProposalSchema = z.object({
  files: z.array(FixFileSchema).min(1),
  /** The provider's own words on what was wrong and what it changed. */
  explanation: z.string(),
  provider: AiProviderSchema,
  model: z.string(),
});
export type FixProposal = z.infer<typeof FixProposalSchema>;

/** POST /api/deployments/:id/fix */
export const FixResponseSchema = z.object({
  proposal: FixProposalSchema,
  /** The failed version the proposal edits: the edit's baseDeploymentId. */
  deployment: z.object({ id: z.string(), version: z.number(), siteId: z.string() }),
  /** The site's AI calls today, this one included, under the daily cap the AI proxy uses. */
  usage: z.object({ used: z.number(), limit: z.number() }),
});
export type FixResponse = z.infer<typeof FixResponseSchema>;

export const FIX_MESSAGES = {
  notFailed: 'Only a deployment whose build failed can be fixed with AI.',
  noKey:
    "Fix with AI uses the site owner's AI provider key, and none is active. Add one at /api-keys.",
  unusable: "The AI's answer could not be used",
  noEditableFiles: 'This version has no text file the AI could change.',
  tooLarge: `This version's source is too large to send to the AI (${(FIX_MAX_SOURCE_CHARS / 1000).toLocaleString('en-US')} thousand characters at most).`,
  dayUsed: "This site has used all of today's AI requests. Try again tomorrow.",
} as const;
