// The three signing rules of PROTOCOL.md. Each takes raw (varint prefix + encoded Action) as its input.
//  - hex: the wallet signs the UTF-8 bytes of raw's lowercase hex (what a wallet's signMessage does)
//  - chainTransaction: the wallet signs a legacy settlement-chain transaction message carrying raw
//  - session: the session key signs raw itself
import { SigningKey, verifyEd25519, verifyEd25519Async } from './keys';
import { ProtocolError } from './errors';
import { getAddressDecoder, getCompiledTransactionMessageEncoder } from '@solana/kit';

/** 32 zero bytes in base58 */
const ZERO_BLOCKHASH = '11111111111111111111111111111111';
// Built once: kit's codecs are composed on creation, which costs more than the encoding itself.
const messageEncoder = getCompiledTransactionMessageEncoder();
const addressDecoder = getAddressDecoder();

export type Framing = 'hex' | 'chainTransaction' | 'session';

/**
 * The legacy transaction message: header [1 signer, 0 read-only signed, 0 read-only unsigned], one account
 * key (the wallet, fee payer and program id at once), a zero recent blockhash, and one instruction of program
 * index 0 with no account metas whose data is raw. Encoded by @solana/kit's compiled-message encoder, the
 * same one every other chain transaction here goes through. (Kit's message compiler itself refuses this
 * message: it will not let a program pay fees, which is exactly what this framing asks of the wallet key.)
 */
export function chainTransactionMessage(raw: Uint8Array, walletPublicKey: Uint8Array): Buffer {
  if (walletPublicKey.length !== 32)
    throw new ProtocolError('BAD_KEY', 'the wallet public key must be 32 bytes');
  if (raw.length > 0xffff)
    throw new ProtocolError('TOO_LARGE', `a compact-u16 holds at most 65535, got ${raw.length}`);
  const wallet = addressDecoder.decode(walletPublicKey);
  return Buffer.from(
    messageEncoder.encode({
      version: 'legacy',
      header: { numSignerAccounts: 1, numReadonlySignerAccounts: 0, numReadonlyNonSignerAccounts: 0 },
      staticAccounts: [wallet],
      lifetimeToken: ZERO_BLOCKHASH,
      instructions: [{ programAddressIndex: 0, data: raw }],
    }),
  );
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

/** An Ed25519 check answered off the caller's thread (the thread pool, a verify worker): verifyEd25519's answer. */
export type Ed25519CheckAsync = (
  publicKey: Uint8Array,
  message: Uint8Array,
  signature: Uint8Array,
) => Promise<boolean>;

/** verifyAction with its Ed25519 check made by `check`: the same answer, without holding the caller's thread. */
export const verifyActionUsing =
  (check: Ed25519CheckAsync) =>
  (raw: Uint8Array, signature: Uint8Array, publicKey: Uint8Array, framing: Framing): Promise<boolean> =>
    publicKey.length !== 32
      ? Promise.resolve(false)
      : check(publicKey, signedMessage(raw, publicKey, framing), signature);

/** verifyAction on the thread pool. */
export const verifyActionAsync = verifyActionUsing(verifyEd25519Async);

export { buildActionBody } from './framing';
