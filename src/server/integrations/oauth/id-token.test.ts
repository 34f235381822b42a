import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyIdToken } from './id-token';
import { OAuthProviderError } from './types';

// The ID token checks on their own, with tokens made here: the API tests cover what a real
// issuer (oauth2-mock-server) sends; these cover what a forger would.

const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

function token(
  claims: Record<string, unknown>,
  opts: { alg?: string; kid?: string; key?: KeyObject } = {},
): string {
  const alg = opts.alg ?? 'RS256';
  const head = `${b64({ alg, kid: opts.kid ?? 'rsa-1', typ: 'JWT' })}.${b64(claims)}`;
  if (alg === 'none') return `${head}.`;
  const key = opts.key ?? rsa.privateKey;
  const signature =
    alg === 'ES256'
      ? sign('sha256', Buffer.from(head), { key, dsaEncoding: 'ieee-p1363' })
      : sign('sha256', Buffer.from(head), key);
  return `${head}.${signature.toString('base64url')}`;
}

describe('verifyIdToken', () => {
  let server: Server;
  let jwksUri: string;
  const now = Math.floor(Date.now() / 1000);
  const good = {
    iss: 'https://issuer.test',
    sub: 'person-1',
    aud: 'our-client',
    exp: now + 600,
    iat: now,
    nonce: 'the-nonce',
    email: 'p@example.com',
    email_verified: true,
  };
  const expectations = () => ({
    jwksUri,
    issuers: ['https://issuer.test'],
    audience: 'our-client',
    nonce: 'the-nonce',
  });

  beforeAll(async () => {
    const keys = [
      { ...rsa.publicKey.export({ format: 'jwk' }), kid: 'rsa-1', use: 'sig' },
      { ...ec.publicKey.export({ format: 'jwk' }), kid: 'ec-1', use: 'sig' },
    ];
    server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    jwksUri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('accepts a token signed by the issuer for us (RS256 and ES256)', async () => {
    expect(await verifyIdToken(token(good), expectations())).toMatchObject({ sub: 'person-1' });
    const es = token(good, { alg: 'ES256', kid: 'ec-1', key: ec.privateKey });
    expect(await verifyIdToken(es, expectations())).toMatchObject({ sub: 'person-1' });
    const inList = token({ ...good, aud: ['another', 'our-client'] });
    expect(await verifyIdToken(inList, expectations())).toMatchObject({ sub: 'person-1' });
  });

  const refused: [string, () => string, RegExp][] = [
    [
      'a changed payload',
      () => token(good).replace(/\.[^.]+\./, `.${b64({ ...good, sub: 'admin' })}.`),
      /bad signature/,
    ],
    [
      "a token signed by another key under the issuer's kid",
      () => token(good, { key: stranger.privateKey }),
      /bad signature/,
    ],
    ['alg none', () => token(good, { alg: 'none' }), /algorithm none/],
    ['HS256 (a secret the forger picks)', () => token(good, { alg: 'HS256' }), /algorithm HS256/],
    [
      'ES256 claimed over the RSA key',
      () => token(good, { alg: 'ES256', kid: 'rsa-1', key: ec.privateKey }),
      /another kind/,
    ],
    ['an unknown key', () => token(good, { kid: 'nobody' }), /unknown key/],
    ['another issuer', () => token({ ...good, iss: 'https://evil.test' }), /wrong issuer/],
    ['another audience', () => token({ ...good, aud: 'their-client' }), /wrong audience/],
    ['an expired token', () => token({ ...good, exp: now - 3600 }), /expired/],
    ['a token from the future', () => token({ ...good, iat: now + 3600 }), /future/],
    ['another nonce', () => token({ ...good, nonce: 'other' }), /wrong nonce/],
    ['no nonce', () => token({ ...good, nonce: undefined }), /wrong nonce/],
    ['garbage', () => 'not.a.token', /malformed/],
  ];
  for (const [what, make, why] of refused) {
    it(`refuses ${what}`, async () => {
      const result = verifyIdToken(make(), expectations());
      await expect(result).rejects.toBeInstanceOf(OAuthProviderError);
      await expect(result).rejects.toThrow(why);
    });
  }
});
