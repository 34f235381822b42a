import { createPublicKey, verify, type JsonWebKey, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { OAuthProviderError, PROVIDER_TIMEOUT_MS } from './types';

// An OpenID Connect ID token is trusted only after its signature checks out against the
// issuer's published keys and its claims say it was made for us, now, for this sign-in.
// node:crypto does the signature; no JOSE library needed for the two algorithms issuers use.

const ALGORITHMS: Record<
  string,
  { hash: string; keyType: 'rsa' | 'ec'; dsaEncoding?: 'ieee-p1363' }
> = {
  RS256: { hash: 'sha256', keyType: 'rsa' },
  ES256: { hash: 'sha256', keyType: 'ec', dsaEncoding: 'ieee-p1363' },
};

/** Clocks differ a little between us and the issuer. */
const CLOCK_SKEW_S = 60;

const HeaderSchema = z.object({ alg: z.string(), kid: z.string().optional() });
export const IdClaimsSchema = z.object({
  iss: z.string(),
  sub: z.string().min(1),
  aud: z.union([z.string(), z.array(z.string())]),
  exp: z.number(),
  iat: z.number().optional(),
  nonce: z.string().optional(),
  email: z.string().optional(),
  // Google has sent it as a string in some tokens.
  email_verified: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  name: z.string().optional(),
});
export type IdClaims = z.infer<typeof IdClaimsSchema>;

const JwksSchema = z.object({
  keys: z.array(z.object({ kid: z.string().optional(), kty: z.string() }).passthrough()),
});

interface CachedKeys {
  keys: Map<string | undefined, KeyObject>;
  fetchedAt: number;
}
const jwksCache = new Map<string, CachedKeys>();
/** A token naming a key we do not have makes us fetch again, at most this often. */
const REFETCH_AFTER_MS = 60_000;

async function fetchKeys(jwksUri: string): Promise<CachedKeys> {
  const res = await fetch(jwksUri, { signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  if (!res.ok) throw new Error(`JWKS answered ${res.status}`);
  const { keys } = JwksSchema.parse(await res.json());
  const map = new Map<string | undefined, KeyObject>();
  for (const jwk of keys) {
    if (jwk.kty !== 'RSA' && jwk.kty !== 'EC') continue;
    map.set(jwk.kid, createPublicKey({ key: jwk as JsonWebKey, format: 'jwk' }));
  }
  const cached = { keys: map, fetchedAt: Date.now() };
  jwksCache.set(jwksUri, cached);
  return cached;
}

async function keyFor(jwksUri: string, kid: string | undefined): Promise<KeyObject | undefined> {
  let cached = jwksCache.get(jwksUri);
  // Keys rotate: a kid we do not know makes us fetch again, at most once a minute.
  if (!cached || (!cached.keys.has(kid) && Date.now() - cached.fetchedAt > REFETCH_AFTER_MS)) {
    cached = await fetchKeys(jwksUri);
  }
  return cached.keys.get(kid);
}

const decodePart = (part: string): unknown =>
  JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));

export interface IdTokenExpectations {
  jwksUri: string;
  /** Any of these is the issuer. */
  issuers: string[];
  audience: string;
  nonce: string;
  now?: number;
}

/** The token's claims once signature, issuer, audience, expiry and nonce all check out. */
export async function verifyIdToken(token: string, expect: IdTokenExpectations): Promise<IdClaims> {
  const refuse = (why: string): never => {
    throw new OAuthProviderError(`The sign-in could not be verified (${why}). Please try again.`);
  };
  const parts = token.split('.');
  if (parts.length !== 3) refuse('malformed token');
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  let header: z.infer<typeof HeaderSchema>;
  let claims: IdClaims;
  try {
    header = HeaderSchema.parse(decodePart(headerPart));
    claims = IdClaimsSchema.parse(decodePart(payloadPart));
  } catch {
    return refuse('malformed token');
  }
  const algorithm = ALGORITHMS[header.alg];
  if (!algorithm) return refuse(`algorithm ${header.alg}`);
  let key: KeyObject | undefined;
  try {
    key = await keyFor(expect.jwksUri, header.kid);
  } catch (err) {
    throw new OAuthProviderError('The sign-in provider could not be reached. Please try again.', {
      cause: err,
    });
  }
  if (!key) return refuse('unknown key');
  // The header names the algorithm; the key must be of its kind, or a token could pick one.
  if (key.asymmetricKeyType !== algorithm.keyType) return refuse('key of another kind');
  let signed = false;
  try {
    signed = verify(
      algorithm.hash,
      Buffer.from(`${headerPart}.${payloadPart}`),
      algorithm.dsaEncoding ? { key, dsaEncoding: algorithm.dsaEncoding } : key,
      Buffer.from(signaturePart, 'base64url'),
    );
  } catch {
    signed = false;
  }
  if (!signed) refuse('bad signature');
  const now = Math.floor((expect.now ?? Date.now()) / 1000);
  if (!expect.issuers.includes(claims.iss)) refuse('wrong issuer');
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audiences.includes(expect.audience)) refuse('wrong audience');
  if (claims.exp + CLOCK_SKEW_S < now) refuse('expired');
  if (claims.iat !== undefined && claims.iat - CLOCK_SKEW_S > now) refuse('issued in the future');
  // The nonce ties the token to the sign-in this browser started: a token replayed from
  // another sign-in carries another nonce.
  if (claims.nonce !== expect.nonce) refuse('wrong nonce');
  return claims;
}
