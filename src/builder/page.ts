export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!,
  );
}

export interface ReactPage {
  title: string;
  /** The page runtime script, first so the artifact already sees window.storage; absent when the artifact never uses it. */
  runtime?: string;
  css: string[];
  entryJs: string;
  /** An icon link's href; without one the browser asks for the site's /favicon.ico. */
  icon?: string;
  /** The error card's script tag, shown instead of a blank page when the app fails to start. */
  errorCard?: string;
}

/** One stylesheet, the runtime if used and one module: nothing else to wait for before the first render. */
export function reactPage(p: ReactPage): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(p.title)}</title>
${p.icon ? `<link rel="icon" href="${escapeHtml(p.icon)}">\n` : ''}${p.runtime ? `<script src="./${p.runtime}"></script>\n` : ''}${p.css.map((href) => `<link rel="stylesheet" href="./${href}">`).join('\n')}
${
  p.errorCard
    ? `${p.errorCard}
`
    : ''
}<script type="module" src="./${p.entryJs}"></script>
</head>
<body>
<div id="root"></div>
</body>
</html>
`;
}
