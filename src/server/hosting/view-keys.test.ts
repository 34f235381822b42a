import { describe, expect, it } from 'vitest';
import { pagePath, referrerOf, visitorHash } from './view-keys';

describe('what a page view is recorded as', () => {
  it('keeps the path only, bounded, one row per page', () => {
    expect(pagePath('/')).toBe('/');
    expect(pagePath('/pricing?plan=pro&token=abc')).toBe('/pricing');
    expect(pagePath('/a#b?c')).toBe('/a');
    expect(pagePath('/docs/index.html')).toBe('/docs/');
    expect(pagePath('')).toBe('/');
    expect(pagePath(`/${'x'.repeat(500)}`)).toHaveLength(200);
  });

  it('keeps the referring host only, never the page or its query', () => {
    expect(referrerOf('https://www.Google.com/search?q=me', 'a.localhost')).toBe('www.google.com');
    expect(referrerOf('https://user:pw@news.ycombinator.com:8443/x', 'a.localhost')).toBe(
      'news.ycombinator.com',
    );
    expect(referrerOf(undefined, 'a.localhost')).toBe('(direct)');
    expect(referrerOf('not a url', 'a.localhost')).toBe('(direct)');
    expect(referrerOf('http://a.localhost:3000/about', 'a.localhost:3000')).toBeNull();
  });

  it('hashes a visitor differently per salt and per site', () => {
    const h = visitorHash('salt1', 'site1', '192.0.2.1\nMozilla');
    expect(h).toHaveLength(22);
    expect(h).toBe(visitorHash('salt1', 'site1', '192.0.2.1\nMozilla'));
    expect(visitorHash('salt2', 'site1', '192.0.2.1\nMozilla')).not.toBe(h);
    expect(visitorHash('salt1', 'site2', '192.0.2.1\nMozilla')).not.toBe(h);
  });
});
