import { describe, expect, it } from 'vitest';
import { brandHtml, changesPages, type PageSettings } from './html-branding';

const none: PageSettings = {
  title: null,
  description: null,
  imageUrl: null,
  iconUrl: null,
  whiteLabel: false,
  name: 'Corner Shop',
};

describe('page settings written into HTML', () => {
  it('leaves a page alone when nothing is set', () => {
    expect(changesPages(none)).toBe(false);
  });

  it('replaces the title and card tags in the head only, once each', () => {
    const html =
      '<html><head><title>Old</title><meta property="og:title" content="Old"></head><body><title>in body</title></body></html>';
    const out = brandHtml(html, { ...none, title: 'New <One>' });
    expect(out).toContain('<title>New &lt;One&gt;</title>');
    expect(out.match(/og:title/g)).toHaveLength(1);
    expect(out).toContain('<body><title>in body</title></body>');
  });

  it('gives a page without a head one, and a white-labelled fallback title the site name', () => {
    const out = brandHtml('<p>hi</p>', { ...none, whiteLabel: true });
    expect(out).toBe('<head><title>Corner Shop</title></head><p>hi</p>');
    const own = brandHtml('<head><title>My Own</title></head>', { ...none, whiteLabel: true });
    expect(own).toContain('<title>My Own</title>');
  });

  it('drops generator meta and other icons only when it should', () => {
    const html =
      '<head><meta name="generator" content="X"><link rel="shortcut icon" href="/a.ico"><link rel="stylesheet" href="/s.css"></head>';
    expect(brandHtml(html, { ...none, title: 'T' })).toContain('generator');
    const out = brandHtml(html, { ...none, whiteLabel: true, iconUrl: '/__branding/icon?v=1' });
    expect(out).not.toContain('generator');
    expect(out).not.toContain('/a.ico');
    expect(out).toContain('/s.css');
    expect(out).toContain('<link rel="icon" href="/__branding/icon?v=1">');
  });
});

describe('link preview tags', () => {
  const preview = {
    ...none,
    previewUrl: 'https://shop.example.com/__preview.png?v=abc',
    siteName: 'corner-shop',
    siteHost: 'shop.example.com',
  };

  it('fills only the gaps: the artifact keeps its own card and description', () => {
    const html =
      '<head><title>Deals</title><meta name="description" content="Fresh &amp; cheap">' +
      '<meta name="twitter:card" content="summary"></head>';
    const out = brandHtml(html, preview);
    expect(out).toContain('<meta property="og:title" content="Deals">');
    expect(out).toContain('<meta property="og:description" content="Fresh &amp; cheap">');
    expect(out).toContain(`<meta property="og:image" content="${preview.previewUrl}">`);
    expect(out.match(/twitter:card/g)).toHaveLength(1);
    expect(out).toContain('content="summary"');
  });

  it("names the site where the page names nothing, and never overrides the owner's image", () => {
    const out = brandHtml('<head><title>Artifact</title></head>', preview);
    expect(out).toContain('<meta property="og:title" content="corner-shop">');
    expect(out).toContain('<meta property="og:description" content="shop.example.com">');
    expect(out).toContain('<meta name="twitter:card" content="summary_large_image">');
    const owned = brandHtml('<head></head>', { ...preview, imageUrl: 'https://x/own.png' });
    expect(owned).not.toContain('__preview.png');
  });
});
