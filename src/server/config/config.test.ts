import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { siteUrl } from '../lib/urls';
import { loadConfig } from '.';

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), 'ah-config-'));

describe('config', () => {
  it('has working defaults', () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    expect(config.port).toBe(3000);
    expect(config.appOrigin).toBe('http://localhost:3000');
    expect(config.sitesDomain).toBe('localhost:3000');
    expect(config.databaseUrl).toBeNull();
    expect(siteUrl(config, 'demo')).toBe('http://demo.localhost:3000');
    expect(config.roles).toEqual(new Set(['web', 'worker']));
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

  it('reads the DNS servers and public addresses of custom domains', () => {
    const none = loadConfig({ DATA_DIR: tempDir() });
    expect(none).toMatchObject({ dnsServers: [], publicIpv4: null, publicIpv6: null });
    const set = loadConfig({
      DATA_DIR: tempDir(),
      DNS_SERVERS: '192.0.2.53, 127.0.0.1:5353,[2001:db8::53]:53,2001:db8::54',
      PUBLIC_IPV4: '203.0.113.7',
      PUBLIC_IPV6: '2001:db8::7',
    });
    expect(set.dnsServers).toEqual([
      '192.0.2.53',
      '127.0.0.1:5353',
      '[2001:db8::53]:53',
      '2001:db8::54',
    ]);
    expect(set).toMatchObject({ publicIpv4: '203.0.113.7', publicIpv6: '2001:db8::7' });
    for (const [name, value] of [
      ['DNS_SERVERS', 'dns.example.com'],
      ['DNS_SERVERS', '127.0.0.1:99999'],
      ['PUBLIC_IPV4', '2001:db8::7'],
      ['PUBLIC_IPV4', '203.0.113.300'],
      ['PUBLIC_IPV6', '203.0.113.7'],
    ] as const) {
      expect(() => loadConfig({ DATA_DIR: tempDir(), [name]: value })).toThrow(name);
    }
  });

  it('reads the certificate and HTTPS variables; SECRET_KEY is required in production only', () => {
    const none = loadConfig({ DATA_DIR: tempDir() });
    expect(none).toMatchObject({
      acmeDirectoryUrl: null,
      acmeEmail: null,
      httpsPort: null,
      tlsCertFile: null,
      tlsKeyFile: null,
    });
    expect(none.secretKey.length).toBeGreaterThanOrEqual(32);
    const set = loadConfig({
      DATA_DIR: tempDir(),
      NODE_ENV: 'production',
      SECRET_KEY: 'x'.repeat(40),
      ACME_DIRECTORY_URL: 'https://acme-v02.api.letsencrypt.org/directory',
      ACME_EMAIL: 'ops@example.com',
      HTTPS_PORT: '443',
      TLS_CERT_FILE: '/etc/tls/cert.pem',
      TLS_KEY_FILE: '/etc/tls/key.pem',
    });
    expect(set).toMatchObject({
      secretKey: 'x'.repeat(40),
      acmeDirectoryUrl: 'https://acme-v02.api.letsencrypt.org/directory',
      acmeEmail: 'ops@example.com',
      httpsPort: 443,
      tlsCertFile: '/etc/tls/cert.pem',
      tlsKeyFile: '/etc/tls/key.pem',
    });
    expect(() => loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'production' })).toThrow('SECRET_KEY');
    for (const [name, value] of [
      ['SECRET_KEY', 'short'],
      ['ACME_DIRECTORY_URL', 'http://acme.example.com/dir'],
      ['ACME_EMAIL', 'not-an-email'],
      ['HTTPS_PORT', '70000'],
      ['TLS_CERT_FILE', '/etc/tls/cert.pem'],
    ] as const) {
      expect(() => loadConfig({ DATA_DIR: tempDir(), [name]: value })).toThrow(name);
    }
  });

  it('reads the Stripe settings, turning STRIPE_API_BASE into host, port and protocol', () => {
    const off = loadConfig({ DATA_DIR: tempDir() });
    expect(off.billing).toEqual({
      secretKey: null,
      webhookSecret: null,
      prices: { STARTER: null, PRO: null },
      apiBase: null,
    });
    const on = loadConfig({
      DATA_DIR: tempDir(),
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_123',
      STRIPE_PRICE_STARTER: 'price_s',
      STRIPE_PRICE_PRO: 'price_p',
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
    });
    expect(on.billing).toEqual({
      secretKey: 'sk_test_123',
      webhookSecret: 'whsec_123',
      prices: { STARTER: 'price_s', PRO: 'price_p' },
      apiBase: { host: '127.0.0.1', port: 12111, protocol: 'http' },
    });
    const https = loadConfig({ DATA_DIR: tempDir(), STRIPE_API_BASE: 'https://stripe.test' });
    expect(https.billing.apiBase).toEqual({ host: 'stripe.test', port: 443, protocol: 'https' });
    expect(() => loadConfig({ DATA_DIR: tempDir(), STRIPE_API_BASE: 'ftp://x' })).toThrow(
      /STRIPE_API_BASE/,
    );
  });

  it('names the bad variable', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL/,
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), ROLES: 'web,chef' })).toThrow(/ROLES/);
  });

  it('refuses a worker alone without Redis, naming REDIS_URL', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), ROLES: 'worker' })).toThrow(/REDIS_URL/);
    const worker = loadConfig({
      DATA_DIR: tempDir(),
      ROLES: 'worker',
      REDIS_URL: 'redis://127.0.0.1:6379',
    });
    expect(worker.roles).toEqual(new Set(['worker']));
  });

  describe('S3 blob storage', () => {
    const s3 = {
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_BUCKET: 'artifact-blobs',
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'key-id',
      S3_SECRET_ACCESS_KEY: 'secret',
    };

    it('keeps blobs in the data folder when no S3 variable is set', () => {
      expect(loadConfig({ DATA_DIR: tempDir() }).s3).toBeNull();
    });

    it('reads all five variables, the endpoint without its trailing slash', () => {
      expect(loadConfig({ DATA_DIR: tempDir(), ...s3 }).s3).toEqual({
        endpoint: 'http://127.0.0.1:9000',
        bucket: 'artifact-blobs',
        region: 'us-east-1',
        accessKeyId: 'key-id',
        secretAccessKey: 'secret',
      });
    });

    it('lets the endpoint stay unset for AWS S3 itself', () => {
      const { S3_ENDPOINT: _, ...aws } = s3;
      expect(loadConfig({ DATA_DIR: tempDir(), ...aws }).s3?.endpoint).toBeNull();
    });

    it('names each missing variable once any S3 variable is set', () => {
      const { S3_REGION: _, S3_SECRET_ACCESS_KEY: __, ...partial } = s3;
      const error = () => loadConfig({ DATA_DIR: tempDir(), ...partial });
      expect(error).toThrow(
        /S3_REGION: required for S3 blob storage \(set: S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID\)/,
      );
      expect(error).toThrow(/S3_SECRET_ACCESS_KEY: required/);
      expect(() => loadConfig({ DATA_DIR: tempDir(), S3_BUCKET: 'b-1' })).toThrow(
        /S3_ACCESS_KEY_ID: required for S3 blob storage \(set: S3_BUCKET\)/,
      );
    });

    it('refuses an endpoint that is not an http(s) URL and a bucket name S3 would refuse', () => {
      for (const endpoint of ['minio:9000', 'ftp://127.0.0.1:9000']) {
        expect(() => loadConfig({ DATA_DIR: tempDir(), ...s3, S3_ENDPOINT: endpoint })).toThrow(
          /S3_ENDPOINT: must be an http:\/\/ or https:\/\/ URL/,
        );
      }
      for (const bucket of ['My_Bucket', 'ab', '-blobs']) {
        expect(() => loadConfig({ DATA_DIR: tempDir(), ...s3, S3_BUCKET: bucket })).toThrow(
          /S3_BUCKET: must be a bucket name/,
        );
      }
    });
  });
  it('reads social sign-in: each provider needs its id and secret, endpoints can move', () => {
    const none = loadConfig({ DATA_DIR: tempDir(), APP_ORIGIN: 'https://app.example.com' });
    expect(none.oauth).toEqual({
      enabled: true,
      callbackBaseUrl: 'https://app.example.com',
      clientUrl: 'https://app.example.com',
      github: null,
      google: null,
    });
    expect(loadConfig({ DATA_DIR: tempDir(), ENABLE_OAUTH: 'false' }).oauth.enabled).toBe(false);
    // Only 'false' turns it off; any other value, '0' included, leaves it on.
    expect(loadConfig({ DATA_DIR: tempDir(), ENABLE_OAUTH: '0' }).oauth.enabled).toBe(true);
    const set = loadConfig({
      DATA_DIR: tempDir(),
      GITHUB_CLIENT_ID: 'gh-id',
      GITHUB_CLIENT_SECRET: 'gh-secret',
      GOOGLE_CLIENT_ID: 'g-id',
      GOOGLE_CLIENT_SECRET: 'g-secret',
      OAUTH_CALLBACK_BASE_URL: 'https://api.example.com/',
      CLIENT_URL: 'https://www.example.com',
      GITHUB_OAUTH_BASE_URL: 'http://127.0.0.1:4001',
      GITHUB_API_BASE_URL: 'http://127.0.0.1:4002/',
      GOOGLE_ISSUER_URL: 'http://127.0.0.1:4003',
    });
    expect(set.oauth).toEqual({
      enabled: true,
      callbackBaseUrl: 'https://api.example.com',
      clientUrl: 'https://www.example.com',
      github: {
        clientId: 'gh-id',
        clientSecret: 'gh-secret',
        oauthBaseUrl: 'http://127.0.0.1:4001',
        apiBaseUrl: 'http://127.0.0.1:4002',
      },
      google: { clientId: 'g-id', clientSecret: 'g-secret', issuerUrl: 'http://127.0.0.1:4003' },
    });
    const defaults = loadConfig({
      DATA_DIR: tempDir(),
      GITHUB_CLIENT_ID: 'a',
      GITHUB_CLIENT_SECRET: 'b',
      GOOGLE_CLIENT_ID: 'c',
      GOOGLE_CLIENT_SECRET: 'd',
    }).oauth;
    expect(defaults.github).toMatchObject({
      oauthBaseUrl: 'https://github.com',
      apiBaseUrl: 'https://api.github.com',
    });
    expect(defaults.google?.issuerUrl).toBe('https://accounts.google.com');
    expect(() => loadConfig({ DATA_DIR: tempDir(), GITHUB_CLIENT_ID: 'a' })).toThrow(
      'GITHUB_CLIENT_SECRET',
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), GOOGLE_CLIENT_SECRET: 'a' })).toThrow(
      'GOOGLE_CLIENT_ID',
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), CLIENT_URL: 'not a url' })).toThrow(
      'CLIENT_URL',
    );
    expect(() =>
      loadConfig({ DATA_DIR: tempDir(), GOOGLE_ISSUER_URL: 'ftp://accounts.example' }),
    ).toThrow('GOOGLE_ISSUER_URL');
  });
});
