import { z } from 'zod';

// A site's page settings: the title, description and pictures written into every HTML page it
// serves, and whether it is white-labelled (no platform name or link anywhere a visitor looks).

export const BRANDING_TITLE_MAX = 120;
export const BRANDING_DESCRIPTION_MAX = 300;

/** The two pictures a site may set: the picture of a shared link, and the browser tab's icon. */
export const BRANDING_IMAGE_KINDS = ['image', 'icon'] as const;
export type BrandingImageKind = (typeof BRANDING_IMAGE_KINDS)[number];
export const BrandingImageKindSchema = z.enum(BRANDING_IMAGE_KINDS);

/** What each picture may be: the types browsers and link previews show, and a size bound. */
export const BRANDING_IMAGE_RULES: Record<
  BrandingImageKind,
  { types: readonly string[]; maxBytes: number; label: string }
> = {
  image: {
    types: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
    maxBytes: 2 * 1024 * 1024,
    label: 'social image',
  },
  icon: {
    types: ['image/png', 'image/x-icon', 'image/vnd.microsoft.icon', 'image/svg+xml', 'image/gif'],
    maxBytes: 256 * 1024,
    label: 'favicon',
  },
};

/** How each accepted type is named to people. */
const TYPE_WORDS: Record<string, string> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/webp': 'WebP',
  'image/gif': 'GIF',
  'image/x-icon': 'ICO',
  'image/vnd.microsoft.icon': 'ICO',
  'image/svg+xml': 'SVG',
};

/** The picture types one kind accepts, in words: "PNG, JPEG, WebP, GIF". */
export function allowedPictureTypes(kind: BrandingImageKind): string {
  return [...new Set(BRANDING_IMAGE_RULES[kind].types.map((t) => TYPE_WORDS[t] ?? t))].join(', ');
}

export const SiteBrandingSchema = z.object({
  /** What the owner asked for; it applies only while the owner's plan includes white-label. */
  whiteLabel: z.boolean(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  /** Where the social image is served on the site itself, or null. */
  imageUrl: z.string().nullable(),
  /** Where the favicon is served on the site itself, or null. */
  iconUrl: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type SiteBranding = z.infer<typeof SiteBrandingSchema>;

const optionalText = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `The ${what} can be ${max} characters at most.`)
    .nullable()
    .optional()
    .transform((v) => (v ? v : v === undefined ? undefined : null));

export const UpdateBrandingRequestSchema = z.object({
  whiteLabel: z.boolean(),
  /** Omitted: unchanged; null or empty: removed (the page's own title is served). */
  title: optionalText(BRANDING_TITLE_MAX, 'title'),
  description: optionalText(BRANDING_DESCRIPTION_MAX, 'description'),
});
export type UpdateBrandingRequest = z.input<typeof UpdateBrandingRequestSchema>;

export const BrandingResponseSchema = z.object({ branding: SiteBrandingSchema });
export type BrandingResponse = z.infer<typeof BrandingResponseSchema>;

/** The path on the site itself where a picture of its branding is served. */
export const BRANDING_PATH = '/__branding';
