import { describe, expect, it } from 'vitest';
import { hostOfAddress } from './reports';

describe('hostOfAddress', () => {
  it('finds the host in whatever a visitor pastes', () => {
    expect(hostOfAddress('https://My-Site.sites.example/login?x=1')).toBe('my-site.sites.example');
    expect(hostOfAddress('my-site.sites.example:8080/path')).toBe('my-site.sites.example');
    expect(hostOfAddress('  my-site  ')).toBe('my-site');
    expect(hostOfAddress('shop.example.com')).toBe('shop.example.com');
  });

  it('refuses text that names no host', () => {
    expect(hostOfAddress('not a site')).toBeNull();
    expect(hostOfAddress('http://')).toBeNull();
  });
});
