// Link previews: the picture a chat app or social network shows beside a shared site link.

/** Where a site serves its live version's preview (a version link, that version's). */
export const PREVIEW_PATH = '/__preview.png';

/** The size the Open Graph and Twitter cards expect: 1.91 to 1. */
export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;

/** What made a preview: headless Chromium's screenshot of the page, or a generated card. */
export type PreviewKind = 'screenshot' | 'card';

/** The preview's address under a site's or version's origin; the hash part lets it be kept long. */
export function previewUrlOf(origin: string, sha256: string): string {
  return `${origin}${PREVIEW_PATH}?v=${sha256.slice(0, 16)}`;
}
