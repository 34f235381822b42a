import { z } from 'zod';

// Remix: an owner lets visitors copy a site's live source into a site of their own (or a
// 24-hour guest site), under a new subdomain; the copy remembers where it came from.
// POST /api/sites/:id/remix answers as a deploy does (DeployResponse in deployment.ts).

/** Where the control on a remixable site leads: the app's page for remixing that site. */
export function remixPath(siteId: string): string {
  return `/remix/${encodeURIComponent(siteId)}`;
}

/** What the site page shows of remixing: the switch, the count, and a remix's origin. */
export const SiteRemixSchema = z.object({
  /** Whether visitors see the Remix control and may copy the source. */
  allowed: z.boolean(),
  /** How many remixes were made of this site. */
  count: z.number(),
  /** On a remix, the site it was copied from; null otherwise, or once that site is deleted. */
  from: z.object({ siteId: z.string(), url: z.string() }).nullable(),
});
export type SiteRemix = z.infer<typeof SiteRemixSchema>;

export const UpdateRemixRequestSchema = z.object({
  allowed: z.boolean({ error: 'Say whether remixing is allowed: { "allowed": true | false }' }),
});
export type UpdateRemixRequest = z.infer<typeof UpdateRemixRequestSchema>;

export const RemixRequestSchema = z.object({
  subdomain: z.string({ error: 'Please choose a subdomain for your remix.' }),
});
export type RemixRequest = z.infer<typeof RemixRequestSchema>;

/** GET /api/sites/:id/remix: what the remix page shows of the original. */
export const RemixOriginalResponseSchema = z.object({
  original: z.object({
    id: z.string(),
    name: z.string(),
    subdomain: z.string(),
    url: z.string(),
    /** The asking person may view the site already (their own, or their team's). */
    own: z.boolean(),
  }),
});
export type RemixOriginalResponse = z.infer<typeof RemixOriginalResponseSchema>;

export const REMIX_MESSAGES = {
  notAllowed: 'The owner of this site does not allow remixing.',
  notFound: 'No site to remix here: it does not exist, is private, or has nothing live.',
} as const;
