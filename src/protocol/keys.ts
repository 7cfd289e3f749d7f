// Ed25519 keys over node:crypto. KeyObjects are built once and cached: building one per signature costs more
// than the signature itself (bench/sign.ts). A SigningKey never shows its secret in logs or JSON.
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';
import { inspect } from 'node:util';
import { ProtocolError } from './errors';

// DER prefixes of PKCS#8 (private) and SPKI (public) Ed25519 keys; the 32 key bytes follow them.
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

function privateKeyObject(seed: Uint8Array): KeyObject {
  if (seed.length !== 32)
    throw new ProtocolError('BAD_KEY', `an Ed25519 seed is 32 bytes, got ${seed.length}`);
  // the DER copy holds the seed: wiped once the KeyObject has it
  const der = Buffer.concat([PKCS8_PREFIX, seed]);
  try {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  } finally {
    der.fill(0);
  }
}

function publicKeyObject(publicKey: Uint8Array): KeyObject {
  if (publicKey.length !== 32)
    throw new ProtocolError('BAD_KEY', `an Ed25519 public key is 32 bytes, got ${publicKey.length}`);
  return createPublicKey({ key: Buffer.concat([SPKI_PREFIX, publicKey]), format: 'der', type: 'spki' });
}

function rawPublicKey(key: KeyObject): Buffer {
  const der = key.export({ format: 'der', type: 'spki' });
  return Buffer.from(der.subarray(der.length - 32));
}

export function publicKeyFromSeed(seed: Uint8Array): Buffer {
  return rawPublicKey(createPublicKey(privateKeyObject(seed)));
}

export function generateKeypair(): { secretSeed: Buffer; publicKey: Buffer } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const der = privateKey.export({ format: 'der', type: 'pkcs8' });
  try {
    return { secretSeed: Buffer.from(der.subarray(der.length - 32)), publicKey: rawPublicKey(publicKey) };
  } finally {
    der.fill(0);
  }
}

export class SigningKey {
  readonly publicKey: Buffer;
  readonly #key: KeyObject;

  constructor(seed: Uint8Array) {
    this.#key = privateKeyObject(seed);
    this.publicKey = rawPublicKey(createPublicKey(this.#key));
  }

  /** Accepts a 64-byte settlement-chain secret key (seed || public key) and checks its halves agree. */
  static fromSecretKey(secret: Uint8Array): SigningKey {
    if (secret.length === 32) return new SigningKey(secret);
    if (secret.length !== 64)
      throw new ProtocolError('BAD_KEY', `a secret key is 32 or 64 bytes, got ${secret.length}`);
    const key = new SigningKey(secret.subarray(0, 32));
    if (!key.publicKey.equals(Buffer.from(secret.subarray(32)))) {
      throw new ProtocolError(
        'BAD_KEY',
        'the public half of this secret key does not match its private half',
      );
    }
    return key;
  }

  sign(message: Uint8Array): Buffer {
    return sign(null, message, this.#key);
  }

  toJSON(): { publicKey: string } {
    return { publicKey: this.publicKey.toString('hex') };
  }

  toString(): string {
    return `SigningKey(${this.publicKey.toString('hex')})`;
  }

  [inspect.custom](): string {
    return this.toString();
  }
}

const verifyKeys = new Map<string, KeyObject>();
const MAX_CACHED_VERIFY_KEYS = 4096;

/** The cached KeyObject of a raw public key; null when the bytes are no Ed25519 key. */
function verifyKey(publicKey: Uint8Array): KeyObject | null {
  // the key's bytes as a latin1 string (one character per byte): a view, no copy, and no hex per check
  const id = Buffer.from(publicKey.buffer, publicKey.byteOffset, publicKey.length).toString('latin1');
  let key = verifyKeys.get(id);
  if (!key) {
    try {
      key = publicKeyObject(publicKey);
    } catch {
      return null;
    }
    if (verifyKeys.size >= MAX_CACHED_VERIFY_KEYS) verifyKeys.delete(verifyKeys.keys().next().value!);
    verifyKeys.set(id, key);
  }
  return key;
}

/** Verifies a detached signature; malformed keys or signatures verify as false, never throw. */
export function verifyEd25519(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
  if (publicKey.length !== 32 || signature.length !== 64) return false;
  const key = verifyKey(publicKey);
  if (!key) return false;
  try {
    return verify(null, message, key, signature);
  } catch {
    return false;
  }
}

/**
 * verifyEd25519 on libuv's thread pool (node:crypto's callback form), so a server's event loop can go on
 * while the check runs on another core. The same answers, false where verifyEd25519 says false.
 */
export function verifyEd25519Async(
  publicKey: Uint8Array,
  message: Uint8Array,
  signature: Uint8Array,
): Promise<boolean> {
  if (publicKey.length !== 32 || signature.length !== 64) return Promise.resolve(false);
  const key = verifyKey(publicKey);
  if (!key) return Promise.resolve(false);
  return new Promise((resolve) => {
    try {
      verify(null, message, key, signature, (error, valid) => resolve(error === null && valid));
    } catch {
      resolve(false);
    }
  });
}
