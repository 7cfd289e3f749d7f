// The three signing rules of PROTOCOL.md. Each takes raw (varint prefix + encoded Action) as its input.
//  - hex: the wallet signs the UTF-8 bytes of raw's lowercase hex (what a wallet's signMessage does)
//  - chainTransaction: the wallet signs a legacy settlement-chain transaction message carrying raw
//  - session: the session key signs raw itself
import { SigningKey, verifyEd25519 } from './keys';
import { ProtocolError } from './errors';

export type Framing = 'hex' | 'chainTransaction' | 'session';

/** Compact-u16 as the settlement chain encodes array lengths. */
function compactU16(value: number): Buffer {
  if (value < 0 || value > 0xffff)
    throw new ProtocolError('TOO_LARGE', `a compact-u16 holds at most 65535, got ${value}`);
  const bytes: number[] = [];
  let rest = value;
  for (;;) {
    const byte = rest & 0x7f;
    rest >>= 7;
    if (rest === 0) {
      bytes.push(byte);
      return Buffer.from(bytes);
    }
    bytes.push(byte | 0x80);
  }
}

/**
 * The legacy transaction message: header [1 signer, 0 read-only signed, 0 read-only unsigned], one account
 * key (the wallet, fee payer and program id at once), a zero recent blockhash, and one instruction of program
 * index 0 with no account metas whose data is raw.
 */
export function chainTransactionMessage(raw: Uint8Array, walletPublicKey: Uint8Array): Buffer {
  if (walletPublicKey.length !== 32)
    throw new ProtocolError('BAD_KEY', 'the wallet public key must be 32 bytes');
  return Buffer.concat([
    Buffer.from([1, 0, 0]),
    compactU16(1),
    walletPublicKey,
    Buffer.alloc(32),
    compactU16(1),
    Buffer.from([0]),
    compactU16(0),
    compactU16(raw.length),
    raw,
  ]);
}

function signedMessage(raw: Uint8Array, publicKey: Uint8Array, framing: Framing): Uint8Array {
  switch (framing) {
    case 'hex':
      return Buffer.from(Buffer.from(raw).toString('hex'), 'utf8');
    case 'chainTransaction':
      return chainTransactionMessage(raw, publicKey);
    case 'session':
      return raw;
  }
}

export function signAction(raw: Uint8Array, key: SigningKey, framing: Framing): Buffer {
  return key.sign(signedMessage(raw, key.publicKey, framing));
}

export function verifyAction(
  raw: Uint8Array,
  signature: Uint8Array,
  publicKey: Uint8Array,
  framing: Framing,
): boolean {
  if (publicKey.length !== 32) return false;
  return verifyEd25519(publicKey, signedMessage(raw, publicKey, framing), signature);
}

export { buildActionBody } from './framing';
