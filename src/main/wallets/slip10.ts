// SLIP-0010 key derivation for ed25519 (https://github.com/satoshilabs/slips/blob/master/slip-0010.md):
// HMAC-SHA512 from the BIP39 seed, hardened children only. A few lines on an audited HMAC; the keys it
// yields are used by node:crypto like any other wallet key.
import { hmac } from '@noble/hashes/hmac.js';
import { sha512 } from '@noble/hashes/sha2.js';

const HARDENED = 0x8000_0000;
const CURVE = new TextEncoder().encode('ed25519 seed');

export interface ExtendedKey {
  /** the 32-byte ed25519 private key (the seed node:crypto takes) */
  key: Uint8Array;
  chainCode: Uint8Array;
}

/** Parses m/44'/501'/0'/0' (also written with h or H). ed25519 has hardened children only. */
export function parsePath(path: string): number[] {
  const parts = path.trim().split('/');
  if (parts[0] !== 'm') throw new Error(`A derivation path starts with m/, not ${JSON.stringify(path)}.`);
  return parts.slice(1).map((part) => {
    const match = /^(\d{1,10})['hH]$/.exec(part);
    if (!match) throw new Error(`Every step of an ed25519 path is hardened (like 44'); ${part} is not.`);
    const index = Number(match[1]);
    if (index >= HARDENED) throw new Error(`${part} is beyond the largest index, 2147483647'.`);
    return index + HARDENED;
  });
}

function split(i: Uint8Array): ExtendedKey {
  return { key: i.slice(0, 32), chainCode: i.slice(32) };
}

function masterKey(seed: Uint8Array): ExtendedKey {
  const i = hmac(sha512, CURVE, seed);
  try {
    return split(i);
  } finally {
    i.fill(0);
  }
}

function child(parent: ExtendedKey, index: number): ExtendedKey {
  const data = new Uint8Array(37);
  data.set(parent.key, 1);
  new DataView(data.buffer).setUint32(33, index);
  const i = hmac(sha512, parent.chainCode, data);
  data.fill(0);
  try {
    return split(i);
  } finally {
    i.fill(0);
  }
}

/** The key at path under the seed. Intermediate keys are wiped; the caller wipes what it gets. */
export function derivePath(seed: Uint8Array, path: string): ExtendedKey {
  let node = masterKey(seed);
  for (const index of parsePath(path)) {
    const next = child(node, index);
    node.key.fill(0);
    node.chainCode.fill(0);
    node = next;
  }
  return node;
}
