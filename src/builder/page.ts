import type { Vendor } from './vendor/load';

export const VENDOR_PREFIX = 'assets/v/';

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!,
  );
}

/** The page runtime tag, first in <head> so inline scripts already see window.storage. */
export function runtimeTag(vendor: Vendor, prefix = './'): string {
  return `<script src="${prefix}${VENDOR_PREFIX}${vendor.map.runtime}"></script>`;
}

export interface ReactPage {
  title: string;
  importMap: Record<string, string>;
  preload: string[];
  css: string[];
  entryJs: string;
  vendor: Vendor;
}

export function reactPage(p: ReactPage): string {
  const links = [
    ...p.css.map((href) => `<link rel="stylesheet" href="./${href}">`),
    ...p.preload.map((href) => `<link rel="modulepreload" href="./${href}">`),
  ];
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(p.title)}</title>
${runtimeTag(p.vendor)}
<script type="importmap">${JSON.stringify({ imports: p.importMap }).replace(/</g, '\\u003c')}</script>
${links.join('\n')}
</head>
<body>
<div id="root"></div>
<script type="module" src="./${p.entryJs}"></script>
</body>
</html>
`;
}
