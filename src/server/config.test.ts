import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, siteUrl } from './config';

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), 'ah-config-'));

describe('config', () => {
  it('has working defaults', () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    expect(config.port).toBe(3000);
    expect(config.appOrigin).toBe('http://localhost:3000');
    expect(config.sitesDomain).toBe('localhost:3000');
    expect(config.databaseUrl).toBeNull();
    expect(siteUrl(config, 'demo')).toBe('http://demo.localhost:3000');
    expect(config.features).toEqual({ analytics: true, oauth: true, customDomains: true });
  });

  it('lets the app origin and sites domain follow the port unless they are set', () => {
    const moved = loadConfig({ DATA_DIR: tempDir(), PORT: '4000' });
    expect(moved.appOrigin).toBe('http://localhost:4000');
    expect(siteUrl(moved, 'demo')).toBe('http://demo.localhost:4000');
    const set = loadConfig({
      DATA_DIR: tempDir(),
      PORT: '4000',
      APP_ORIGIN: 'https://app.example.com',
      SITES_DOMAIN: 'Example.site',
    });
    expect(set.appOrigin).toBe('https://app.example.com');
    expect(siteUrl(set, 'demo')).toBe('https://demo.example.site');
  });

  it('names the bad variable', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL/,
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), ROLES: 'web,chef' })).toThrow(/ROLES/);
  });

  it('turns a feature off only for the exact text false', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      ENABLE_OAUTH: 'false',
      ENABLE_ANALYTICS: 'no',
    });
    expect(config.features.oauth).toBe(false);
    expect(config.features.analytics).toBe(true);
  });

  it('generates the secret key once and keeps it', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir }).secretKey;
    const second = loadConfig({ DATA_DIR: dir }).secretKey;
    expect(first).toHaveLength(32);
    expect(second.equals(first)).toBe(true);
    expect(readFileSync(path.join(dir, 'secret.key'), 'utf8').trim()).toBe(first.toString('hex'));
  });
});
