import path from 'node:path';

/** Decoded, normalised site path without the leading slash; null when it cannot be read. */
export function sitePath(url: string): string | null {
  const raw = url.split('?')[0]!.split('#')[0]!;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  // Normalising an absolute path drops any '..' that would climb out; a trailing slash stays.
  return path.posix.normalize(`/${decoded}`).slice(1);
}

export function hasExtension(p: string): boolean {
  return path.posix.extname(p) !== '';
}

/**
 * Files that may answer a path, in order: the file itself, then clean URLs
 * (/about → about.html, about/index.html); a folder path → its index.html.
 */
export function candidates(p: string): string[] {
  if (p === '' || p.endsWith('/')) return [`${p}index.html`];
  if (hasExtension(p)) return [p];
  return [p, `${p}.html`, `${p}/index.html`];
}
