// The pages a visitor sees when there is no site file to show. Plain, self-contained HTML
// (no script, no outside resource), light or dark as the visitor's system prefers.

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

function page(title: string, heading: string, text: string, extra = '', after = ''): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${title}</title>
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;background:#f8fafc;color:#0f172a}
main{max-width:30rem;padding:2rem;text-align:center}h1{font-size:1.5rem;margin:0 0 .5rem}p{color:#475569;line-height:1.5}
a{color:#2563eb}.code{display:inline-block;font-size:.8rem;font-weight:600;letter-spacing:.05em;color:#b91c1c;background:#fee2e2;border-radius:999px;padding:.2rem .7rem;margin-bottom:1rem}
small{display:block;margin-top:1.5rem;color:#64748b}
form{display:grid;gap:.75rem;margin-top:1.25rem;text-align:left}label{font-weight:600;font-size:.9rem}
input{font:inherit;padding:.6rem .75rem;border:1px solid #cbd5e1;border-radius:.5rem;background:#fff;color:inherit}
button{font:inherit;font-weight:600;padding:.6rem .75rem;border:0;border-radius:.5rem;background:#2563eb;color:#fff;cursor:pointer}
.problem{color:#b91c1c;font-weight:600}
@media (prefers-color-scheme:dark){body{background:#0f172a;color:#f1f5f9}p{color:#cbd5e1}a{color:#60a5fa}small{color:#94a3b8}.code{background:#450a0a;color:#fca5a5}
input{background:#1e293b;border-color:#475569}.problem{color:#fca5a5}}</style>
</head><body><main>${extra}<h1>${heading}</h1><p>${text}</p>${after}</main></body></html>`;
}

export interface PasswordPage {
  /** The site's name as its pages show it (its page settings' title, or its own name). */
  name: string;
  /** A white-labelled site's page names no platform and links no report form. */
  whiteLabel: boolean;
  /** The app's origin and the host asked, for the report link of a site that is not. */
  appOrigin: string;
  host: string;
  /** The path to go back to once let in. */
  next: string;
  /** What went wrong with the last try, in the visitor's words; null on a first visit. */
  problem: string | null;
  /** Where the form posts (ACCESS_PATH). */
  action: string;
}

/**
 * A private site's question: its password, posted to the site's own host. No script and no
 * outside resource, like every page here; the site's name is its own, never the platform's.
 */
export function passwordPage(p: PasswordPage): string {
  const name = escapeHtml(p.name);
  const problem = p.problem ? `<p class="problem" role="alert">${escapeHtml(p.problem)}</p>` : '';
  const form =
    `${problem}<form method="post" action="${escapeHtml(p.action)}">` +
    `<input type="hidden" name="next" value="${escapeHtml(p.next)}">` +
    '<label for="password">Password</label>' +
    '<input id="password" name="password" type="password" autocomplete="current-password" required autofocus>' +
    '<button type="submit">Open the site</button></form>' +
    (p.whiteLabel ? '' : reportLink(p.appOrigin, p.host));
  return page(
    name ? `${name} · Private` : 'Private site',
    name ? `${name} is private` : 'This site is private',
    'Enter the password its owner gave you to see it.',
    '<div class="code">Private</div>',
    form,
  );
}

/** The answer to too many wrong passwords from one visitor. */
export function tooManyTriesPage(name: string, retryAfterSeconds: number): string {
  const titled = escapeHtml(name ? `Too many tries · ${name}` : 'Too many tries');
  return page(
    titled,
    'Too many tries',
    `Too many wrong passwords were tried from your address. Wait ${retryAfterSeconds} seconds, then try again.`,
    '<div class="code">429 · Wait a moment</div>',
    '<p><a href="/">Back to the password page</a></p>',
  );
}

/** The link under a page that names a site: the app's report form, the address filled in. */
function reportLink(appOrigin: string, host: string): string {
  const href = `${appOrigin}/report?site=${encodeURIComponent(host)}`;
  return `<small>Is something wrong with this site? <a href="${escapeHtml(href)}">Report abuse</a></small>`;
}

export interface SitePages {
  notFound(host: string): string;
  expired(host: string): string;
  disabled(host: string): string;
  noSite: string;
  building: string;
  brokenFile: string;
}

/** Built once per hosting part: the report links point at this installation's app. */
export function sitePages(appOrigin: string): SitePages {
  return {
    notFound: (host) =>
      page(
        'Page not found',
        'Page not found',
        'There is nothing at this address. Check the link, or ask the site’s owner.' +
          reportLink(appOrigin, host),
      ),
    expired: (host) =>
      page(
        'Site expired',
        'This site has expired',
        'It was a 24-hour guest site. Sign up to keep your sites online.' +
          reportLink(appOrigin, host),
      ),
    // The operator's reason is for the owner (their dashboard shows it), not for visitors.
    disabled: (host) =>
      page(
        'Site disabled',
        'This site has been disabled',
        'The operators of this service have disabled this site, for example after a report of abuse. Its content is not available.' +
          reportLink(appOrigin, host),
        '<div class="code">451 · Unavailable</div>',
      ),
    noSite: page(
      'Site not found',
      'This site does not exist',
      'No site is deployed at this address yet.',
    ),
    building: page(
      'Deploying',
      'This site is not live yet',
      'Its first version is still being deployed, or did not build. Try again in a moment.',
    ),
    brokenFile: page(
      'File unavailable',
      'This file cannot be served right now',
      'The site’s stored copy of it is missing or damaged. Try again later; if it persists, the site’s owner can deploy the site again to repair it.',
    ),
  };
}

/**
 * The same pages for a white-labelled site: no report link, no word of the platform or its
 * guest sites, and the owner's name in the browser tab where the platform's pages have none.
 */
export function whiteLabelledPages(name: string): SitePages {
  const titled = (title: string) => escapeHtml(name ? `${title} · ${name}` : title);
  return {
    notFound: () =>
      page(
        titled('Page not found'),
        'Page not found',
        'There is nothing at this address. Check the link and try again.',
      ),
    expired: () =>
      page(titled('Site offline'), 'This site is offline', 'It is no longer available.'),
    disabled: () =>
      page(
        titled('Site unavailable'),
        'This site is unavailable',
        'Its content is not available.',
        '<div class="code">451 · Unavailable</div>',
      ),
    noSite: page('Site not found', 'This site does not exist', 'Nothing is published here.'),
    building: page(
      titled('Coming soon'),
      'This site is not live yet',
      'Its first version is on its way. Try again in a moment.',
    ),
    brokenFile: page(
      titled('File unavailable'),
      'This file cannot be shown right now',
      'Try again later.',
    ),
  };
}
