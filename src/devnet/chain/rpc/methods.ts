// The method table: each JSON-RPC method the devnet's Solana RPC answers, its params already checked
// against params.ts. What is not in this table is refused with -32601 "Method not found".
import { getCompiledTransactionMessageDecoder, type Address } from '@solana/kit';
import { FaucetError } from '../bridge';
import { LAMPORTS_PER_SIGNATURE } from '../runtime';
import type { z } from 'zod';
import { slotAt } from './commitment';
import { SOLANA_CORE_VERSION, type MethodContext } from './context';
import { getBlock, getTransaction, signatureStatuses, signaturesForAddress } from './ledger';
import type { Method, PARAMS } from './params';
import {
  accountInfo,
  balance,
  multipleAccounts,
  programAccounts,
  tokenAccountBalance,
  tokenAccountsByOwner,
  tokenLargestAccounts,
  tokenSupply,
} from './reads';
import { sendTransaction, simulateTransaction } from './send';
import { big, invalid } from './wire';

/** Solana's epochs are 432,000 slots (two to three days). */
const SLOTS_PER_EPOCH = 432_000;
/** The most lamports one airdrop may ask for (like the public test clusters' limits, but generous). */
const MAX_AIRDROP = 1_000_000_000_000n;
/** getRecentPrioritizationFees covers the slots a blockhash stays valid, as a validator's cache does. */
const FEE_SLOTS = 150;
const messageDecoder = getCompiledTransactionMessageDecoder();

type Handler<M extends Method> = (ctx: MethodContext, params: z.output<(typeof PARAMS)[M]>) => unknown;

function latestBlockhash(ctx: MethodContext, commitment: Parameters<MethodContext['context']>[0]) {
  const slot = slotAt(ctx.chain.slot(), commitment);
  return {
    context: ctx.context(commitment),
    value: { blockhash: ctx.chain.blockhashAt(slot), lastValidBlockHeight: big(slot + 150) },
  };
}

function feeForMessage(ctx: MethodContext, text: string) {
  let message: ReturnType<typeof messageDecoder.decode>;
  try {
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) throw new Error('not base64');
    message = messageDecoder.decode(new Uint8Array(Buffer.from(text, 'base64')));
  } catch {
    throw invalid('Invalid param: the message is not a base64 transaction message');
  }
  const valid = ctx.chain.blockhashSlot(message.lifetimeToken) !== undefined;
  return valid ? big(LAMPORTS_PER_SIGNATURE * BigInt(message.header.numSignerAccounts)) : null;
}

export const METHODS: { [M in Method]: Handler<M> } = {
  getVersion: () => ({ 'solana-core': SOLANA_CORE_VERSION, 'feature-set': 0 }),
  getHealth: () => 'ok',
  getSlot: (ctx, [c]) => big(slotAt(ctx.chain.slot(), c?.commitment)),
  getBlockHeight: (ctx, [c]) => big(slotAt(ctx.chain.slot(), c?.commitment)),
  getEpochInfo: (ctx, [c]) => {
    const slot = slotAt(ctx.chain.slot(), c?.commitment);
    return {
      absoluteSlot: big(slot),
      blockHeight: big(slot),
      epoch: big(Math.floor(slot / SLOTS_PER_EPOCH)),
      slotIndex: big(slot % SLOTS_PER_EPOCH),
      slotsInEpoch: big(SLOTS_PER_EPOCH),
      transactionCount: big(ctx.chain.transactionCount()),
    };
  },
  getLatestBlockhash: (ctx, [c]) => latestBlockhash(ctx, c?.commitment),
  isBlockhashValid: (ctx, [hash, c]) => {
    if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(hash)) throw invalid('Invalid param: WrongSize');
    return { context: ctx.context(c?.commitment), value: ctx.chain.blockhashSlot(hash) !== undefined };
  },
  getFeeForMessage: (ctx, [text, c]) => ({
    context: ctx.context(c?.commitment),
    value: feeForMessage(ctx, text),
  }),
  getRecentPrioritizationFees: (ctx) => {
    const current = ctx.chain.slot();
    const from = Math.max(0, current - FEE_SLOTS + 1);
    // every transaction here pays the base fee only: the priority fee of every recent slot is 0
    return Array.from({ length: current - from + 1 }, (_x, i) => ({
      slot: big(from + i),
      prioritizationFee: big(0),
    }));
  },
  getMinimumBalanceForRentExemption: (ctx, [space]) =>
    big(ctx.chain.minimumBalanceForRentExemption(BigInt(space))),
  getBalance: (ctx, [address, c]) => balance(ctx, address, c),
  getAccountInfo: (ctx, [address, c]) => accountInfo(ctx, address, c),
  getMultipleAccounts: (ctx, [addresses, c]) => multipleAccounts(ctx, addresses, c),
  getProgramAccounts: (ctx, [program, c]) => programAccounts(ctx, program, c),
  getTokenAccountsByOwner: (ctx, [owner, filter, c]) => tokenAccountsByOwner(ctx, owner, filter, c),
  getTokenAccountBalance: (ctx, [address, c]) => tokenAccountBalance(ctx, address, c),
  getTokenSupply: (ctx, [mint, c]) => tokenSupply(ctx, mint, c),
  getTokenLargestAccounts: (ctx, [mint, c]) => tokenLargestAccounts(ctx, mint, c),
  getSignatureStatuses: (ctx, [signatures]) => signatureStatuses(ctx, signatures),
  getTransaction: (ctx, [signature, c]) => getTransaction(ctx, signature, c),
  getBlock: (ctx, [slot, c]) => getBlock(ctx, slot, c),
  getSignaturesForAddress: (ctx, [address, c]) => signaturesForAddress(ctx, address, c),
  sendTransaction: (ctx, [text, c]) => sendTransaction(ctx, text, c ?? {}),
  simulateTransaction: (ctx, [text, c]) => simulateTransaction(ctx, text, c ?? {}),
  requestAirdrop: (ctx, [address, amount]) => {
    const lamports = BigInt(amount);
    if (lamports <= 0n || lamports > MAX_AIRDROP) throw invalid(`an airdrop is 1 to ${MAX_AIRDROP} lamports`);
    const record = ctx.chain.airdrop(address as Address, lamports);
    ctx.changed();
    return record.signature;
  },
  devnet_requestTokens: (ctx, [owner, tokenId, amount]) => {
    try {
      const signature = ctx.bridge.faucet(owner, tokenId, BigInt(amount));
      ctx.changed();
      return signature;
    } catch (error) {
      if (error instanceof FaucetError) throw invalid(error.message);
      throw error;
    }
  },
};
