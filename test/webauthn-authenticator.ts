import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

// A software passkey for API tests: what a phone or security key does, in a few lines of
// node:crypto. It makes an ES256 key pair, answers navigator.credentials.create() with an
// attestation of format 'none', and navigator.credentials.get() with a real signature over
// the authenticator data and the client data, so the server's WebAuthn checks really run.

const b64url = (data: Uint8Array | string) => Buffer.from(data).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

interface CreationOptions {
  challenge: string;
  rp: { id?: string; name: string };
  user: { id: string; name: string };
}
interface RequestOptions {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string }[];
}

export class SoftwareAuthenticator {
  private privateKey: KeyObject | null = null;
  private publicJwk: { x: string; y: string } | null = null;
  credentialId = b64url(randomBytes(32));
  userHandle: string | null = null;
  signCount = 0;

  /** @param origin the page's origin, as the browser would put it in clientDataJSON */
  constructor(
    readonly origin: string,
    readonly flags = { userVerified: true },
  ) {}

  /** What startRegistration() would send back for these options. */
  register(options: Record<string, unknown>, overrides: { rpId?: string } = {}) {
    const o = options as unknown as CreationOptions;
    const rpId = overrides.rpId ?? o.rp.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
    this.publicJwk = jwk;
    this.userHandle = o.user.id;
    const coseKey = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x, 'base64url')],
      [-3, Buffer.from(jwk.y, 'base64url')],
    ]);
    const credentialId = Buffer.from(this.credentialId, 'base64url');
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.flagByte() | 0x40]), // attested credential data follows
      this.counterBytes(),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      credentialId,
      Buffer.from(isoCBOR.encode(coseKey)),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    const clientDataJSON = JSON.stringify({
      type: 'webauthn.create',
      challenge: o.challenge,
      origin: this.origin,
      crossOrigin: false,
    });
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key' as const,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /** What startAuthentication() would send back; the counter goes up each time. */
  authenticate(
    options: Record<string, unknown>,
    overrides: { origin?: string; challenge?: string; counter?: number } = {},
  ) {
    if (!this.privateKey) throw new Error('register first');
    const o = options as unknown as RequestOptions;
    const rpId = o.rpId ?? new URL(this.origin).hostname;
    this.signCount = overrides.counter ?? this.signCount + 1;
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.flagByte()]),
      this.counterBytes(),
    ]);
    const clientDataJSON = JSON.stringify({
      type: 'webauthn.get',
      challenge: overrides.challenge ?? o.challenge,
      origin: overrides.origin ?? this.origin,
      crossOrigin: false,
    });
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientDataJSON)]),
      this.privateKey,
    );
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key' as const,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
    };
  }

  private flagByte(): number {
    // user present, and user verified when the device checked the person
    return 0x01 | (this.flags.userVerified ? 0x04 : 0);
  }

  private counterBytes(): Buffer {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(this.signCount);
    return b;
  }
}
