// Account reads: balances, accounts one by one or many at once, a program's accounts under filters, and
// the SPL Token views (balances, supply, largest holders). Accounts are read as they are now whatever the
// commitment (the chain keeps no older states); the context says the slot of that commitment.
import type { Address } from '@solana/kit';
import { TOKEN_PROGRAM_ADDRESS, getMintDecoder } from '@solana-program/token';
import { MINT_SIZE, uiAmount } from '../runtime';
import { accountJson, filterTest, type Filter, type Slice } from './accounts';
import type { Commitment } from './commitment';
import type { MethodContext } from './context';
import { big, invalid } from './wire';

const mintDecoder = getMintDecoder();
/** How many holders getTokenLargestAccounts lists, as a validator does. */
const LARGEST = 20;

interface AccountConfig {
  commitment?: Commitment | undefined;
  encoding?: string | undefined;
  dataSlice?: Slice | undefined;
}

function encoded(ctx: MethodContext, address: string, config: AccountConfig) {
  const a = ctx.chain.account(address as Address);
  return a ? accountJson(a, config.encoding ?? 'base58', ctx.decimalsOf, config.dataSlice) : null;
}

export const balance = (ctx: MethodContext, address: string, config: AccountConfig = {}) => ({
  context: ctx.context(config.commitment),
  value: big(ctx.chain.lamports(address as Address)),
});

export const accountInfo = (ctx: MethodContext, address: string, config: AccountConfig = {}) => ({
  context: ctx.context(config.commitment),
  value: encoded(ctx, address, config),
});

export const multipleAccounts = (ctx: MethodContext, addresses: string[], config: AccountConfig = {}) => ({
  context: ctx.context(config.commitment),
  value: addresses.map((a) => encoded(ctx, a, config)),
});

export function programAccounts(
  ctx: MethodContext,
  program: string,
  config: AccountConfig & { filters?: Filter[] | undefined; withContext?: boolean | undefined } = {},
) {
  const test = filterTest(config.filters);
  const value = ctx.chain
    .programAccounts(program as Address)
    .filter((a) => test(new Uint8Array(a.data)))
    .map((a) => ({
      pubkey: a.address,
      account: accountJson(a, config.encoding ?? 'base58', ctx.decimalsOf, config.dataSlice),
    }));
  return config.withContext ? { context: ctx.context(config.commitment), value } : value;
}

export function tokenAccountsByOwner(
  ctx: MethodContext,
  owner: string,
  filter: { mint?: string; programId?: string },
  config: AccountConfig = {},
) {
  if (filter.programId !== undefined && filter.programId !== TOKEN_PROGRAM_ADDRESS)
    throw invalid('unrecognized token program id');
  if (filter.mint !== undefined && !ctx.chain.tokenByMint(filter.mint))
    throw invalid('Token mint could not be unpacked');
  return {
    context: ctx.context(config.commitment),
    value: ctx.chain.tokenAccountsOf(owner, filter.mint).map((t) => ({
      pubkey: t.address,
      account: encoded(ctx, t.address, config)!,
    })),
  };
}

export function tokenAccountBalance(ctx: MethodContext, address: string, config: AccountConfig = {}) {
  const t = ctx.chain.tokenAccount(address as Address);
  if (!t) throw invalid('could not find account, or it is not a Token account');
  return { context: ctx.context(config.commitment), value: uiAmount(t.amount, t.decimals) };
}

function mintOf(ctx: MethodContext, address: string) {
  const a = ctx.chain.account(address as Address);
  if (!a || a.programAddress !== TOKEN_PROGRAM_ADDRESS || BigInt(a.data.length) !== MINT_SIZE)
    throw invalid('Invalid param: not a Token mint');
  return mintDecoder.decode(a.data);
}

export function tokenSupply(ctx: MethodContext, mint: string, config: AccountConfig = {}) {
  const m = mintOf(ctx, mint);
  return { context: ctx.context(config.commitment), value: uiAmount(m.supply, m.decimals) };
}

export function tokenLargestAccounts(ctx: MethodContext, mint: string, config: AccountConfig = {}) {
  const { decimals } = mintOf(ctx, mint);
  const holders = ctx.chain
    .tokenAccountsOfMint(mint)
    .sort((a, b) => (a.amount === b.amount ? 0 : a.amount > b.amount ? -1 : 1))
    .slice(0, LARGEST);
  return {
    context: ctx.context(config.commitment),
    value: holders.map((t) => ({ address: t.address, ...uiAmount(t.amount, decimals) })),
  };
}
