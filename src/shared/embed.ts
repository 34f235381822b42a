import { z } from 'zod';

// Embeds: the <iframe> snippet a site's owner pastes elsewhere, who may frame the site, and the
// oEmbed answer editors (Notion, Medium, WordPress) ask for when a site's link is pasted.

/** The frame's size when nobody asks for another: a common embed size that fits a blog column. */
export const EMBED_WIDTH = 800;
export const EMBED_HEIGHT = 600;
/** Most origins one site may list: a CSP header stays short enough for every proxy. */
export const MAX_EMBED_ORIGINS = 20;

const ORIGIN =
  /^https?:\/\/[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/;

/** An origin as a browser sends it: scheme, host and an optional port, nothing else. */
export const EmbedOriginSchema = z
  .string()
  .trim()
  .toLowerCase()
  .superRefine((value, ctx) => {
    if (ORIGIN.test(value) && Number(/:(\d+)$/.exec(value)?.[1] ?? 1) <= 65535) return;
    ctx.addIssue({
      code: 'custom',
      message: `"${value}" is not an origin: write it as https://example.com or http://host:8080, without a path.`,
    });
  });

export const UpdateEmbeddingRequestSchema = z.object({
  /** null: any page may frame the site; a list (possibly empty): only pages of these origins. */
  allowedOrigins: z
    .array(EmbedOriginSchema)
    .max(MAX_EMBED_ORIGINS, `List ${MAX_EMBED_ORIGINS} origins at most.`)
    .nullable()
    .transform((list) => (list ? [...new Set(list)] : null)),
});
export type UpdateEmbeddingRequest = z.input<typeof UpdateEmbeddingRequestSchema>;

export const SiteEmbeddingSchema = z.object({ allowedOrigins: z.array(z.string()).nullable() });
export type SiteEmbedding = z.infer<typeof SiteEmbeddingSchema>;
export const EmbeddingResponseSchema = z.object({ embedding: SiteEmbeddingSchema });
export type EmbeddingResponse = z.infer<typeof EmbeddingResponseSchema>;

/** The oEmbed 1.0 answer of type "rich" (oembed.com, section 2.3.4). */
export const OEmbedResponseSchema = z.object({
  version: z.literal('1.0'),
  type: z.literal('rich'),
  html: z.string(),
  width: z.number(),
  height: z.number(),
  title: z.string(),
  /** Left out for a white-labelled site: nothing its visitors see names the platform. */
  provider_name: z.string().optional(),
  provider_url: z.string().optional(),
});
export type OEmbedResponse = z.infer<typeof OEmbedResponseSchema>;

export const OEmbedQuerySchema = z.object({
  url: z.string().min(1, 'Say which page: ?url=<the site address>.'),
  format: z.string().optional(),
  maxwidth: z.coerce.number().int().positive().optional(),
  maxheight: z.coerce.number().int().positive().optional(),
});

function escapeAttribute(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** The <iframe> that shows a site: the one snippet the Embed dialog and oEmbed both hand out. */
export function embedSnippet(
  url: string,
  title: string,
  width = EMBED_WIDTH,
  height = EMBED_HEIGHT,
): string {
  return (
    `<iframe src="${escapeAttribute(url)}" title="${escapeAttribute(title)}" ` +
    `width="${width}" height="${height}" style="border:0" loading="lazy" ` +
    `allow="clipboard-write; fullscreen"></iframe>`
  );
}
