import { cdnjsToNpm } from './cdnjs';

/** What a third-party URL in a page is, as far as making it local goes. */
export type CdnLink =
  | {
      kind: 'npm';
      name: string;
      /** Version, range or tag as written ('' when the URL names none: the latest). */
      range: string;
      /** Path inside the package, or null for the package's default file on that CDN. */
      file: string | null;
      /** Which package.json field names the default file on that CDN. */
      defaultField: 'unpkg' | 'jsdelivr';
      /** cdnjs flattens packages (no dist/ folder): the file is found by its trailing path. */
      flattened: boolean;
      /** The CDN serves a rewritten ES module build, not the package's own file. */
      esm: boolean;
    }
  | { kind: 'tailwind-play'; plugins: string[] }
  | { kind: 'google-fonts'; url: URL }
  | { kind: 'unmapped'; why: string };

const NPM_SPEC = /^((?:@[^/@]+\/)?[^/@]+)(?:@([^/]*))?(?:\/(.*))?$/;

function npmPath(rest: string, defaultField: 'unpkg' | 'jsdelivr', esm: boolean): CdnLink | null {
  const m = NPM_SPEC.exec(rest);
  if (!m) return null;
  const file = m[3] ? decodeURIComponent(m[3]) : null;
  if (file?.endsWith('/')) return { kind: 'unmapped', why: 'it lists a folder, not a file' };
  return {
    kind: 'npm',
    name: decodeURIComponent(m[1]!),
    range: decodeURIComponent(m[2] ?? ''),
    file: file || null,
    defaultField,
    flattened: false,
    esm,
  };
}

/**
 * Reads a URL as a CDN link. Returns null for URLs that are not on a CDN we know (the page's
 * own files, APIs, images), which are left alone without comment.
 */
export function readCdnLink(raw: string): CdnLink | null {
  let url: URL;
  try {
    url = new URL(raw.startsWith('//') ? `https:${raw}` : raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  const pathname = url.pathname.replace(/^\/+/, '');
  if (host === 'unpkg.com' || host === 'www.unpkg.com')
    return npmPath(pathname, 'unpkg', url.searchParams.has('module'));
  if (/^(cdn|fastly|gcore|testingcf|quantum)\.jsdelivr\.net$/.test(host)) {
    if (pathname.startsWith('npm/')) {
      const rest = pathname.slice(4);
      if (rest.endsWith('/+esm')) return npmPath(rest.slice(0, -5), 'jsdelivr', true);
      return npmPath(rest, 'jsdelivr', false);
    }
    return { kind: 'unmapped', why: 'only npm packages on jsDelivr can be made local' };
  }
  if (host === 'esm.sh' || host === 'cdn.esm.sh')
    return npmPath(pathname.replace(/^(v\d+|stable)\//, ''), 'unpkg', true);
  if (host === 'cdn.skypack.dev' || host === 'skypack.dev') {
    const pinned = /^-\/((?:@[^/@]+\/)?[^/@]+)@v([^-/]+)-[^/]+\//.exec(pathname);
    return npmPath(pinned ? `${pinned[1]}@${pinned[2]}` : pathname, 'unpkg', true);
  }
  if (host === 'cdnjs.cloudflare.com') {
    const m = /^ajax\/libs\/([^/]+)\/([^/]+)\/(.+)$/.exec(pathname);
    if (!m) return { kind: 'unmapped', why: 'not a cdnjs library file' };
    const npm = cdnjsToNpm(decodeURIComponent(m[1]!), decodeURIComponent(m[2]!));
    if (!npm) return { kind: 'unmapped', why: `cdnjs library "${m[1]}" has no known npm package` };
    return {
      kind: 'npm',
      ...npm,
      file: decodeURIComponent(m[3]!),
      defaultField: 'unpkg',
      flattened: true,
      esm: false,
    };
  }
  // Google's and BootstrapCDN's library hosts lay files out as cdnjs does
  const libraryHost =
    host === 'ajax.googleapis.com'
      ? /^ajax\/libs\/([^/]+)\/([^/]+)\/(.+)$/.exec(pathname)
      : /^(stackpath|maxcdn|netdna)\.bootstrapcdn\.com$/.test(host)
        ? /^([^/]+)\/([^/]+)\/(.+)$/.exec(pathname)
        : null;
  if (libraryHost) {
    const npm = cdnjsToNpm(decodeURIComponent(libraryHost[1]!), libraryHost[2]!.replace(/^v/, ''));
    if (!npm)
      return { kind: 'unmapped', why: `library "${libraryHost[1]}" has no known npm package` };
    return {
      kind: 'npm',
      ...npm,
      file: decodeURIComponent(libraryHost[3]!),
      defaultField: 'unpkg',
      flattened: true,
      esm: false,
    };
  }
  // Font Awesome's free CDN: releases/v5.15.4/css/all.css
  if (host === 'use.fontawesome.com') {
    const m = /^releases\/v([^/]+)\/(.+)$/.exec(pathname);
    if (!m) return { kind: 'unmapped', why: 'not a Font Awesome release file' };
    return {
      kind: 'npm',
      name: '@fortawesome/fontawesome-free',
      range: m[1]!,
      file: m[2]!,
      defaultField: 'unpkg',
      flattened: false,
      esm: false,
    };
  }
  if (host === 'kit.fontawesome.com')
    return {
      kind: 'unmapped',
      why: 'a Font Awesome kit belongs to an account and has no npm package',
    };
  // d3's own host: d3.v7.min.js, d3-scale.v4.js
  if (host === 'd3js.org') {
    const m = /^(d3(?:-[a-z-]+)?)\.v(\d+)(\.min)?\.js$/.exec(pathname);
    if (!m) return { kind: 'unmapped', why: 'not a d3 release file' };
    return {
      kind: 'npm',
      name: m[1]!,
      range: m[2]!,
      file: `dist/${m[1]}${m[3] ?? ''}.js`,
      defaultField: 'unpkg',
      flattened: false,
      esm: false,
    };
  }
  // jQuery's own host: jquery-3.7.1.min.js
  if (host === 'code.jquery.com') {
    const m = /^jquery-(\d+\.\d+\.\d+)(\.min|\.slim|\.slim\.min)?\.js$/.exec(pathname);
    if (!m) return { kind: 'unmapped', why: 'not a jQuery release file' };
    return {
      kind: 'npm',
      name: 'jquery',
      range: m[1]!,
      file: `dist/jquery${m[2] ?? ''}.js`,
      defaultField: 'unpkg',
      flattened: false,
      esm: false,
    };
  }
  if (host === 'cdn.tailwindcss.com') {
    const plugins = url.searchParams.get('plugins');
    return { kind: 'tailwind-play', plugins: plugins ? plugins.split(',').filter(Boolean) : [] };
  }
  // Firebase's own CDN serves the files the firebase npm package ships at its root
  // (firebase-app.js, firebase-auth.js …), the same version under the same names
  if (host === 'www.gstatic.com' && pathname.startsWith('firebasejs/')) {
    const m = /^firebasejs\/([^/]+)\/([^/]+\.js)$/.exec(pathname);
    if (!m) return { kind: 'unmapped', why: 'not a Firebase release file' };
    return {
      kind: 'npm',
      name: 'firebase',
      range: decodeURIComponent(m[1]!),
      file: m[2]!,
      defaultField: 'unpkg',
      flattened: false,
      esm: false,
    };
  }
  if (host === 'fonts.googleapis.com') return { kind: 'google-fonts', url };
  if (host === 'fonts.gstatic.com')
    return { kind: 'unmapped', why: 'a font file linked directly from Google' };
  return null;
}

/** Hosts whose preconnect/dns-prefetch hints are dropped once their links are made local. */
export const CDN_HOSTS =
  /^(www\.)?(unpkg\.com|cdn\.jsdelivr\.net|esm\.sh|cdn\.skypack\.dev|cdnjs\.cloudflare\.com|d3js\.org|code\.jquery\.com|ajax\.googleapis\.com|(stackpath|maxcdn|netdna)\.bootstrapcdn\.com|use\.fontawesome\.com|cdn\.tailwindcss\.com|fonts\.googleapis\.com|fonts\.gstatic\.com)$/i;
