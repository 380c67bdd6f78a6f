import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import type { CreationOptions, RequestOptions } from '../../core/schemas/passkey';

/**
 * A passkey authenticator in software for the API tests (docs/design.md §33): it makes ES256 (P-256) credentials with
 * `none` attestation and signs assertions as a platform authenticator would, user present and verified. Only what
 * WebAuthn checks is built: client data, authenticator data, the attestation object in CBOR, a DER signature.
 */

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer | Uint8Array) => Buffer.from(data).toString('base64url');

export interface SoftwareCredential {
  id: string;
  rpId: string;
  userHandle: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  counter: number;
}

export interface Ceremony {
  /** The page's origin the browser would write in the client data (default http://localhost, inject's). */
  origin?: string;
  /** Flags to leave out (a user not verified: FLAG_USER_VERIFIED). */
  withoutVerification?: boolean;
}

function authenticatorData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
}

/** The credential's public key as COSE: EC2, ES256, P-256, x and y. */
function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  const key = new Map<number, number | Uint8Array>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, new Uint8Array(Buffer.from(jwk.x ?? '', 'base64url'))],
    [-3, new Uint8Array(Buffer.from(jwk.y ?? '', 'base64url'))],
  ]);
  return isoCBOR.encode(key);
}

export class SoftwareAuthenticator {
  readonly credentials: SoftwareCredential[] = [];

  constructor(private readonly origin = 'http://localhost') {}

  /** Answers creation options as startRegistration would: a new credential, kept for later assertions. */
  register(options: CreationOptions, ceremony: Ceremony = {}) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const rpId = options.rp.id ?? 'localhost';
    const id = randomBytes(32);
    const credential: SoftwareCredential = {
      id: b64url(id),
      rpId,
      userHandle: options.user.id,
      privateKey,
      publicKey,
      counter: 0,
    };
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, id, coseKey(publicKey)]);
    const flags = FLAG_USER_PRESENT | (ceremony.withoutVerification ? 0 : FLAG_USER_VERIFIED) | FLAG_ATTESTED_DATA;
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authenticatorData(rpId, flags, 0, attested))],
      ]),
    );
    const clientData = JSON.stringify({
      type: 'webauthn.create',
      challenge: options.challenge,
      origin: ceremony.origin ?? this.origin,
      crossOrigin: false,
    });
    this.credentials.push(credential);
    return {
      id: credential.id,
      rawId: credential.id,
      response: {
        clientDataJSON: b64url(Buffer.from(clientData)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
      type: 'public-key' as const,
    };
  }

  /**
   * Answers request options as startAuthentication would, with `credential` (default: the first one allowed, else the
   * newest); its counter goes up by one.
   */
  assert(options: RequestOptions, ceremony: Ceremony & { credential?: SoftwareCredential } = {}) {
    const allowed = options.allowCredentials?.map((descriptor) => descriptor.id);
    const credential =
      ceremony.credential ?? (allowed ? this.credentials.find((c) => allowed.includes(c.id)) : this.credentials.at(-1));
    if (!credential) throw new Error('the software authenticator has no credential for these options');
    credential.counter += 1;
    const flags = FLAG_USER_PRESENT | (ceremony.withoutVerification ? 0 : FLAG_USER_VERIFIED);
    const data = authenticatorData(options.rpId ?? credential.rpId, flags, credential.counter);
    const clientData = Buffer.from(
      JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin: ceremony.origin ?? this.origin }),
    );
    const signature = sign('sha256', Buffer.concat([data, sha256(clientData)]), credential.privateKey);
    return {
      id: credential.id,
      rawId: credential.id,
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(data),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
      type: 'public-key' as const,
    };
  }
}
