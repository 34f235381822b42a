import {
  allowedPictureTypes,
  BRANDING_IMAGE_RULES,
  type BrandingImageKind,
  type UpdateBrandingRequest,
  UpdateBrandingRequestSchema,
} from '../../../shared/branding';
import type { AppContext } from '../../context';
import { updateSiteBranding, type BrandingChange } from '../../db/queries/site-branding';
import type { SiteRow, UserRow } from '../../db/schema';
import { notFound, payloadTooLarge, unsupportedMediaType } from '../../errors';
import { nowIso } from '../../lib/ids';
import { storeHeldBlob, releaseBlobHold } from '../blobs';
import { assertMayWhiteLabel } from '../policy';
import { announceSiteChanged } from './site-changed';

// A site's page settings: white-label (Pro and ADMIN), and the title, description and pictures
// hosting writes into every HTML page it serves. Nothing is rebuilt: a change reaches every
// web node through 'site.changed', which drops the site from their caches.

async function write(ctx: AppContext, site: SiteRow, change: BrandingChange): Promise<SiteRow> {
  const updated = await updateSiteBranding(ctx.db, site.id, change, nowIso());
  if (!updated) throw notFound('Site not found');
  return announceSiteChanged(ctx, updated);
}

export async function changeBranding(
  ctx: AppContext,
  user: UserRow,
  site: SiteRow,
  body: UpdateBrandingRequest,
): Promise<SiteRow> {
  const input = UpdateBrandingRequestSchema.parse(body);
  // Turning it off is always allowed: a downgraded owner may tidy up their settings.
  if (input.whiteLabel) assertMayWhiteLabel(ctx.config, user);
  return write(ctx, site, {
    brand_white_label: input.whiteLabel ? 1 : 0,
    ...(input.title === undefined ? {} : { brand_title: input.title }),
    ...(input.description === undefined ? {} : { brand_description: input.description }),
  });
}

/** The content type the bytes really are, among those a picture may be; null for anything else. */
export function sniffImageType(bytes: Uint8Array): string | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (starts(0x52, 0x49, 0x46, 0x46) && String.fromCharCode(...bytes.subarray(8, 12)) === 'WEBP')
    return 'image/webp';
  if (starts(0x00, 0x00, 0x01, 0x00)) return 'image/x-icon';
  const head = new TextDecoder().decode(bytes.subarray(0, 1024)).trimStart().toLowerCase();
  if ((head.startsWith('<svg') || head.startsWith('<?xml')) && head.includes('<svg'))
    return 'image/svg+xml';
  return null;
}

/** Stores a social image or favicon as a blob and points the site's settings at it. */
export async function setBrandingPicture(
  ctx: AppContext,
  site: SiteRow,
  kind: BrandingImageKind,
  bytes: Uint8Array,
): Promise<SiteRow> {
  const rule = BRANDING_IMAGE_RULES[kind];
  if (bytes.byteLength === 0) throw unsupportedMediaType(`The ${rule.label} file is empty.`);
  if (bytes.byteLength > rule.maxBytes) {
    throw payloadTooLarge(
      `The ${rule.label} is too large: ${Math.ceil(bytes.byteLength / 1024)} KB, and ${rule.maxBytes / 1024} KB is the most.`,
    );
  }
  const type = sniffImageType(bytes);
  if (!type || !rule.types.includes(type)) {
    throw unsupportedMediaType(
      `The ${rule.label} must be a ${allowedPictureTypes(kind)} picture; this file is not one of those.`,
    );
  }
  const held = await storeHeldBlob(ctx.db, ctx.blobs, bytes);
  const updated = await write(
    ctx,
    site,
    kind === 'image'
      ? { brand_image_sha256: held.sha256, brand_image_type: type }
      : { brand_icon_sha256: held.sha256, brand_icon_type: type },
  );
  // The site's row names the blob now: collection leaves it alone without the hold.
  await releaseBlobHold(ctx.db, held);
  return updated;
}

/** Removes a picture from the settings; the blob goes at a later collection if nothing uses it. */
export async function removeBrandingPicture(
  ctx: AppContext,
  site: SiteRow,
  kind: BrandingImageKind,
): Promise<SiteRow> {
  return write(
    ctx,
    site,
    kind === 'image'
      ? { brand_image_sha256: null, brand_image_type: null }
      : { brand_icon_sha256: null, brand_icon_type: null },
  );
}
