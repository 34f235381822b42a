import { z } from 'zod';

// Private sites: a password the site's visitors are asked for, and share links that let their
// holder in without it. What the API, the app and hosting agree on.

/** Where a private site's password page posts, on the site's own host. */
export const ACCESS_PATH = '/__access';
/** The query parameter of a share link: `https://shop.example.com/?share=<token>`. */
export const SHARE_PARAM = 'share';
/** The cookie that remembers a let-in visitor; host-only, so it is the one site's. */
export const ACCESS_COOKIE = 'site_access';
/** How long a let-in visitor stays let in, unless the password changes first. */
export const ACCESS_COOKIE_DAYS = 30;
export const MIN_SITE_PASSWORD = 6;
export const MAX_SITE_PASSWORD = 200;
/** Most live share links one site may have: hosting keeps their ids with the cached site. */
export const MAX_SHARE_LINKS = 50;

export const UpdateAccessRequestSchema = z.object({
  /** A new password makes the site private (and logs everyone out); null makes it public. */
  password: z
    .string({ error: 'Send { "password": "…" } to protect the site, or null to make it public.' })
    .min(MIN_SITE_PASSWORD, `A site password has at least ${MIN_SITE_PASSWORD} characters.`)
    .max(MAX_SITE_PASSWORD, `A site password has at most ${MAX_SITE_PASSWORD} characters.`)
    .nullable(),
});
export type UpdateAccessRequest = z.infer<typeof UpdateAccessRequestSchema>;

export const CreateShareLinkRequestSchema = z.object({
  /** Whom the link is for, so it can be told apart when revoking; optional. */
  label: z.string().trim().max(80, 'Keep the label to 80 characters.').optional(),
});
export type CreateShareLinkRequest = z.infer<typeof CreateShareLinkRequestSchema>;

export const ShareLinkSchema = z.object({
  id: z.string(),
  label: z.string(),
  createdAt: z.string(),
  /** Shown once, when the link is made: only the token's hash is kept afterwards. */
  url: z.string().optional(),
});
export type ShareLink = z.infer<typeof ShareLinkSchema>;

export const CreateShareLinkResponseSchema = z.object({
  shareLink: ShareLinkSchema.extend({ url: z.string() }),
});
export type CreateShareLinkResponse = z.infer<typeof CreateShareLinkResponseSchema>;

export const ShareLinksResponseSchema = z.object({ shareLinks: z.array(ShareLinkSchema) });
export type ShareLinksResponse = z.infer<typeof ShareLinksResponseSchema>;
