// Signing Solana transactions built with @solana/kit by keys held as node:crypto SigningKeys. Kit's own
// signers sign through WebCrypto (async, a CryptoKey per signer); the wallet keys here are already cached
// KeyObjects, so the compiled message is signed with them directly. Used by main (deposits) and the devnet
// (its bridge and faucet), so both build transactions one way.
import { createHash } from 'node:crypto';
import {
  compileTransaction,
  getAddressDecoder,
  getAddressEncoder,
  isOffCurveAddress,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  createNoopSigner,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Blockhash,
  type Instruction,
  type Base64EncodedWireTransaction,
  type Signature,
  type SignatureBytes,
  type Transaction,
} from '@solana/kit';
import {
  getCloseAccountInstruction,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
} from '@solana-program/token';
import { getAddMemoInstruction } from '@solana-program/memo';
import type { SigningKey } from './keys';
import { BASE58_CHAR } from '../shared/base58';

type CompilableMessage = Parameters<typeof compileTransaction>[0];

export interface SignedTransaction {
  transaction: Transaction;
  signature: Signature;
  wire: Base64EncodedWireTransaction;
}

// Kit's codecs cost more to build than to use: built once.
const addressDecoder = getAddressDecoder();
const addressEncoder = getAddressEncoder();

export const addressOf = (key: SigningKey): Address => addressDecoder.decode(key.publicKey);

/** Compiles the message and signs it with every key it needs; a missing signer is an error, not a gap. */
export function signTransaction(message: CompilableMessage, keys: readonly SigningKey[]): SignedTransaction {
  const compiled = compileTransaction(message);
  const byAddress = new Map(keys.map((k) => [addressOf(k), k]));
  const signatures: Record<string, SignatureBytes> = {};
  for (const signer of Object.keys(compiled.signatures)) {
    const key = byAddress.get(signer as Address);
    if (!key) throw new Error(`no key to sign for ${signer}`);
    signatures[signer] = key.sign(new Uint8Array(compiled.messageBytes)) as unknown as SignatureBytes;
  }
  const transaction = { ...compiled, signatures } as Transaction;
  return {
    transaction,
    signature: getSignatureFromTransaction(transaction),
    wire: getBase64EncodedWireTransaction(transaction),
  };
}

const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' as Address;
const ATA_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL' as Address;

/**
 * The associated token account of an owner for a mint: the program-derived address of [owner, token
 * program, mint] under the Associated Token Account program. Kit derives it asynchronously (WebCrypto);
 * this is the same derivation with node:crypto, so the devnet can use it inside a synchronous tick.
 */
export function associatedTokenAddress(owner: string, mint: string): Address {
  const enc = addressEncoder;
  const seeds = [enc.encode(owner as Address), enc.encode(TOKEN_PROGRAM), enc.encode(mint as Address)];
  for (let bump = 255; bump >= 0; bump -= 1) {
    const hash = createHash('sha256');
    for (const seed of seeds) hash.update(new Uint8Array(seed));
    hash
      .update(Uint8Array.of(bump))
      .update(new Uint8Array(enc.encode(ATA_PROGRAM)))
      .update('ProgramDerivedAddress');
    const candidate = addressDecoder.decode(hash.digest());
    if (isOffCurveAddress(candidate)) return candidate;
  }
  throw new Error('no associated token address exists for this owner and mint');
}

export const MEMO_PROGRAM_ADDRESS = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr' as Address;

/**
 * The deposit correlation, carried by an SPL Memo instruction in the deposit transaction: the exchange user
 * to credit and, optionally, which of their accounts, plus a reference that makes every deposit's
 * transaction distinct. docs/protocol-decisions.md says why a memo and not a buffer account.
 */
export interface DepositCorrelation {
  recipient: string;
  accountId?: number;
  ref?: string;
}

const DEPOSIT_MEMO = new RegExp(
  `^perpetua:deposit:v1 to=(${BASE58_CHAR}{32,44})(?: account=(\\d{1,10}))?(?: ref=([A-Za-z0-9_-]{1,32}))?$`,
);

export function depositMemo(c: DepositCorrelation): string {
  return `perpetua:deposit:v1 to=${c.recipient}${c.accountId !== undefined ? ` account=${c.accountId}` : ''}${c.ref ? ` ref=${c.ref}` : ''}`;
}

/** The correlation a memo names, or null when it is not one (wrong form, not an address, id too big). */
export function parseDepositMemo(text: string): DepositCorrelation | null {
  const m = DEPOSIT_MEMO.exec(text);
  if (!m) return null;
  try {
    if (addressEncoder.encode(m[1] as Address).length !== 32) return null;
  } catch {
    return null;
  }
  const accountId = m[2] === undefined ? undefined : Number(m[2]);
  if (accountId !== undefined && accountId > 0xffffffff) return null;
  return {
    recipient: m[1]!,
    ...(accountId !== undefined ? { accountId } : {}),
    ...(m[3] ? { ref: m[3] } : {}),
  };
}

/** A memo instruction of the SPL Memo program the runtime ships (v2). */
export const memoInstruction = (text: string): Instruction =>
  getAddMemoInstruction({ memo: text }, { programAddress: MEMO_PROGRAM_ADDRESS });

/**
 * A deposit: TransferChecked of `amount` from the owner's associated token account into the exchange's
 * vault token account for the mint, and the memo naming who is credited. The owner signs (and pays).
 */
export function depositInstructions(input: {
  owner: Address;
  mint: Address;
  decimals: number;
  vault: Address;
  amount: bigint;
  correlation: DepositCorrelation;
}): Instruction[] {
  return [
    getTransferCheckedInstruction({
      source: associatedTokenAddress(input.owner, input.mint),
      mint: input.mint,
      destination: input.vault,
      authority: createNoopSigner(input.owner),
      amount: input.amount,
      decimals: input.decimals,
    }),
    memoInstruction(depositMemo(input.correlation)),
  ];
}

/** The deposit transaction, signed by the owner's key: what the app sends, byte for byte, until it lands. */
export function signDeposit(input: {
  key: SigningKey;
  mint: string;
  decimals: number;
  vault: string;
  amount: bigint;
  correlation: DepositCorrelation;
  blockhash: { blockhash: string; lastValidBlockHeight: bigint };
}): SignedTransaction {
  const owner = addressOf(input.key);
  return signByOwner(
    input.key,
    input.blockhash,
    depositInstructions({
      owner,
      mint: input.mint as Address,
      decimals: input.decimals,
      vault: input.vault as Address,
      amount: input.amount,
      correlation: input.correlation,
    }),
  );
}

/** The System program, which owns every plain SOL account. */
export const SYSTEM_PROGRAM = '11111111111111111111111111111111' as Address;

/** System program Transfer (instruction 2) of lamports: the app's SOL moves and the devnet's airdrops. */
export function transferLamports(from: Address, to: Address, lamports: bigint): Instruction {
  const data = new Uint8Array(12);
  const view = new DataView(data.buffer);
  view.setUint32(0, 2, true);
  view.setBigUint64(4, lamports, true);
  return {
    programAddress: SYSTEM_PROGRAM,
    accounts: [
      { address: from, role: 3 },
      { address: to, role: 1 },
    ],
    data,
  };
}

/**
 * Everything of one kind the owner holds on chain, to another address, signed by the owner (who pays the
 * fee). A token: the destination's associated token account made if absent (the owner pays its rent, which
 * then belongs to the destination), the whole balance moved, and the owner's emptied token account closed so
 * its rent goes to the destination too. SOL (`token` absent): `lamports` moved.
 */
export function signChainMove(input: {
  key: SigningKey;
  to: string;
  token?: { mint: string; decimals: number; amount: bigint };
  lamports?: bigint;
  blockhash: { blockhash: string; lastValidBlockHeight: bigint };
}): SignedTransaction {
  const owner = addressOf(input.key);
  const to = input.to as Address;
  const instructions: Instruction[] = [];
  if (input.token) {
    const mint = input.token.mint as Address;
    const source = associatedTokenAddress(owner, mint);
    const destination = associatedTokenAddress(to, mint);
    const authority = createNoopSigner(owner);
    instructions.push(
      getCreateAssociatedTokenIdempotentInstruction({ payer: authority, ata: destination, owner: to, mint }),
      getTransferCheckedInstruction({
        source,
        mint,
        destination,
        authority,
        amount: input.token.amount,
        decimals: input.token.decimals,
      }),
      getCloseAccountInstruction({ account: source, destination: to, owner: authority }),
    );
  }
  if (input.lamports !== undefined) instructions.push(transferLamports(owner, to, input.lamports));
  return signByOwner(input.key, input.blockhash, instructions);
}

/** A transaction of the instructions, paid for and signed by the key's owner alone. */
function signByOwner(
  key: SigningKey,
  blockhash: { blockhash: string; lastValidBlockHeight: bigint },
  instructions: Instruction[],
): SignedTransaction {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(addressOf(key), m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: blockhash.blockhash as Blockhash, lastValidBlockHeight: blockhash.lastValidBlockHeight },
        m,
      ),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  return signTransaction(message, [key]);
}
