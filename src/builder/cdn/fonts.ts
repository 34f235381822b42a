import { copyCssReferences } from './package-copies';
import { CDN_DIR, fetchPackage, kept, type SelfHosting } from './hosting';
import { fontsourceFiles, iconFontClass, readGoogleFontsUrl } from './google-fonts';

// Google Fonts links answered with the same fonts from Fontsource packages.

const decoder = new TextDecoder();
const encoder = new TextEncoder();

/** The stylesheets standing for a Google Fonts URL, or null when it stays as written. */
export async function localFonts(
  ctx: SelfHosting,
  url: string,
  link: URL,
): Promise<string[] | null> {
  const requests = readGoogleFontsUrl(link);
  if (requests.length === 0) {
    kept(ctx, url, 'it names no font family');
    return null;
  }
  const sheets: string[] = [];
  for (const request of requests) {
    const pkg = await fetchPackage(ctx, url, request.packageName, '');
    if (!pkg) return null;
    const siteDir = `${CDN_DIR}/${pkg.name}@${pkg.version}`;
    const available = new Set(await pkg.list());
    const files = fontsourceFiles(request).filter((f) => available.has(f));
    if (files.length === 0) {
      kept(ctx, url, `${pkg.name} has none of the weights asked for`);
      return null;
    }
    for (const file of files) {
      const bytes = (await pkg.read(file))!;
      ctx.assets.set(`${siteDir}/${file}`, bytes);
      await copyCssReferences(ctx, pkg, file, decoder.decode(bytes), siteDir);
      sheets.push(`${siteDir}/${file}`);
    }
    const iconClass = iconFontClass(request.family);
    if (iconClass) {
      ctx.assets.set(`${siteDir}/icon-class.css`, encoder.encode(iconClass));
      sheets.push(`${siteDir}/icon-class.css`);
    }
    ctx.log.add(
      'cdn',
      `Google font "${request.family}" (${files.map((f) => f.replace('.css', '')).join(', ')}) → ${pkg.name}@${pkg.version}, served by the site`,
    );
  }
  return sheets;
}
