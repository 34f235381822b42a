// The pages a visitor sees when there is no site file to show. Plain, self-contained HTML.

function page(title: string, heading: string, text: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title>
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;background:#f8fafc;color:#0f172a}
main{max-width:28rem;padding:2rem;text-align:center}h1{font-size:1.5rem;margin:0 0 .5rem}p{color:#475569;line-height:1.5}</style>
</head><body><main><h1>${heading}</h1><p>${text}</p></main></body></html>`;
}

export const NOT_FOUND_PAGE = page(
  'Page not found',
  'Page not found',
  'There is nothing at this address. Check the link, or ask the site’s owner.',
);

export const NO_SITE_PAGE = page(
  'Site not found',
  'This site does not exist',
  'No site is deployed at this address yet.',
);

export const EXPIRED_PAGE = page(
  'Site expired',
  'This site has expired',
  'It was a 24-hour guest site. Sign up to keep your sites online.',
);

export const BUILDING_PAGE = page(
  'Deploying',
  'This site is not live yet',
  'Its first version is still being deployed, or did not build. Try again in a moment.',
);

export const BROKEN_FILE_PAGE = page(
  'File unavailable',
  'This file cannot be served right now',
  'The site’s stored copy of it is missing or damaged. Try again later; if it persists, the site’s owner can deploy the site again to repair it.',
);
