// Drives a real devnet over loopback HTTP the way any client would: builds actions with src/protocol,
// signs them per framing, posts bytes, decodes receipts. The clock is manual so tests move time instead
// of sleeping.
import bs58 from 'bs58';
import { randomBytes } from 'node:crypto';
import { ManualClock } from '../../../src/devnet/clock';
import { startDevnet, type DevnetOptions, type RunningDevnet } from '../../../src/devnet/server';
import { SigningKey, generateKeypair } from '../../../src/protocol/keys';
import { signAction, type Framing } from '../../../src/protocol/signing';
import { buildActionBody } from '../../../src/protocol/framing';
import { decodeReceipt, encodeActionRaw } from '../../../src/protocol/codec';
import { loadSchema, readBundledProto } from '../../../src/protocol/schema';
import { createSolanaRpc, type Address, type Rpc, type SolanaRpcApi } from '@solana/kit';
import {
  associatedTokenAddress,
  signDeposit,
  type DepositCorrelation,
} from '../../../src/protocol/solana-tx';
import type { ActionKind, Receipt, ReceiptKind } from '../../../src/protocol/types';
import type { z } from 'zod';
import { parseExchangeJson, type DecimalText } from '../../../src/shared/exchange/json';
import { scaledFromDecimal } from '../../../src/shared/money';
import { MarketLiveJsonSchema, OrderbookJsonSchema } from '../../../src/shared/exchange/markets';
import {
  OrderInfoJsonSchema,
  OrderPageJsonSchema,
  TradeJsonSchema,
  TradePageJsonSchema,
  TradesPageJsonSchema,
} from '../../../src/shared/exchange/orders';
import { createExchangeClient, type ExchangeClient } from '../../../src/main/exchange/exchange-client';
import { createHttpClient } from '../../../src/main/exchange/http-client';
import type { Account } from '../../../src/main/exchange/account-model';

export const schema = loadSchema(readBundledProto());

export interface TestExchange {
  url: string;
  /** the settlement chain's Solana JSON-RPC */
  rpcUrl: string;
  rpc: Rpc<SolanaRpcApi>;
  clock: ManualClock;
  running: RunningDevnet;
  now(): bigint;
  get(path: string): Promise<Response>;
  getJson<T = unknown>(path: string): Promise<T>;
  /** the public JSON read as the app reads it: numbers kept as their text, then parsed with `schema` */
  read<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S>>;
  /** the app's own exchange client on this devnet */
  client: ExchangeClient;
  /** an account in the app's model (bigint amounts, margin health, liquidation prices) */
  account(accountId: number): Promise<Account>;
  postJson(path: string, body: unknown): Promise<Response>;
  postAction(body: Uint8Array, contentType?: string): Promise<Response>;
  submit(body: Uint8Array): Promise<Receipt>;
  advance(ms: number): void;
  close(): Promise<void>;
}

export async function startExchange(options: DevnetOptions = {}): Promise<TestExchange> {
  const clock = new ManualClock(Date.UTC(2026, 10, 22, 12, 0, 0));
  const running = await startDevnet({ clock, tickMs: 0, ...options });
  const url = running.baseUrl;
  const exchange: TestExchange = {
    url,
    rpcUrl: running.rpcUrl,
    rpc: createSolanaRpc(running.rpcUrl) as Rpc<SolanaRpcApi>,
    clock,
    running,
    now: () => BigInt(Math.floor(clock.nowMs() / 1000)),
    get: (path) => fetch(`${url}${path}`),
    getJson: async <T>(path: string) => {
      const res = await fetch(`${url}${path}`);
      if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
      return (await res.json()) as T;
    },
    read: async (path, schema) => {
      const res = await fetch(`${url}${path}`);
      if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
      return schema.parse(parseExchangeJson(await res.text()));
    },
    client: createExchangeClient(createHttpClient({ baseUrl: url })),
    account: (accountId) => exchange.client.account(accountId),
    postJson: (path, body) =>
      fetch(`${url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    postAction: (body, contentType = 'application/octet-stream') =>
      fetch(`${url}/action`, { method: 'POST', headers: { 'content-type': contentType }, body }),
    async submit(body) {
      const res = await exchange.postAction(body);
      if (res.status !== 200) throw new Error(`POST /action answered ${res.status}: ${await res.text()}`);
      return decodeReceipt(schema, Buffer.from(await res.arrayBuffer()));
    },
    advance(ms) {
      clock.advance(ms);
      running.tick();
    },
    close: () => running.close(),
  };
  return exchange;
}

/** A wallet with its own nonce counter and, once created, a session with another. */
export class TestWallet {
  readonly key: SigningKey;
  readonly address: string;
  nonce = 0;
  session?: { id: bigint; key: SigningKey; nonce: number };

  constructor(
    readonly exchange: TestExchange,
    key?: SigningKey,
  ) {
    this.key = key ?? new SigningKey(generateKeypair().secretSeed);
    this.address = bs58.encode(this.key.publicKey);
  }

  /** Signs a wallet-level action (CreateSession, RevokeSession). */
  walletBody(kind: ActionKind, opts: { framing?: Framing; nonce?: number; timestamp?: bigint } = {}): Buffer {
    const nonce = opts.nonce ?? ++this.nonce;
    const raw = encodeActionRaw(schema, {
      currentTimestamp: opts.timestamp ?? this.exchange.now(),
      nonce,
      kind,
    });
    return buildActionBody(raw, signAction(raw, this.key, opts.framing ?? 'hex'));
  }

  /** Signs a session-level action with this wallet's session key. */
  sessionBody(kind: ActionKind, opts: { nonce?: number; timestamp?: bigint; key?: SigningKey } = {}): Buffer {
    const session = this.session!;
    const nonce = opts.nonce ?? ++session.nonce;
    const raw = encodeActionRaw(schema, {
      currentTimestamp: opts.timestamp ?? this.exchange.now(),
      nonce,
      kind,
    });
    return buildActionBody(raw, signAction(raw, opts.key ?? session.key, 'session'));
  }

  /** The devnet faucet (a JSON-RPC method of the chain): tokens to this wallet's token account, SOL for fees. */
  async faucet(tokenId: number, amount: bigint): Promise<string> {
    return rpcCall<string>(this.exchange, 'devnet_requestTokens', [this.address, tokenId, amount.toString()]);
  }

  /** A deposit transaction signed by this wallet: TransferChecked into the vault, with the memo. */
  async signedDeposit(
    tokenId: number,
    amount: bigint,
    extra: Partial<DepositCorrelation> = {},
  ): Promise<{ wire: string; signature: string }> {
    const vault = (await vaults(this.exchange)).find((v) => v.tokenId === tokenId)!;
    const decimals = tokenId === USDC ? 6 : tokenId === 3 ? 9 : 8;
    const { value } = await this.exchange.rpc.getLatestBlockhash().send();
    return signDeposit({
      key: this.key,
      mint: vault.mint,
      decimals,
      vault: vault.vault,
      amount,
      correlation: { recipient: this.address, ref: randomBytes(6).toString('base64url'), ...extra },
      blockhash: value,
    });
  }

  /** Sends a signed transaction through the RPC; its signature. */
  send(wire: string): Promise<string> {
    return this.exchange.rpc.sendTransaction(wire as never, { encoding: 'base64' }).send();
  }

  /** Faucet, signed deposit, then time passes until the exchange credits it. */
  async deposit(
    tokenId: number,
    amount: bigint,
    extra: Partial<DepositCorrelation> = {},
  ): Promise<{ txId: string }> {
    await this.faucet(tokenId, amount);
    const signed = await this.signedDeposit(tokenId, amount, extra);
    const txId = await this.send(signed.wire);
    this.exchange.advance(2_000);
    return { txId };
  }

  async createSession(
    opts: { expiresIn?: number; refreshDeadlineIn?: number; framing?: Framing } = {},
  ): Promise<ReceiptKind> {
    const key = new SigningKey(generateKeypair().secretSeed);
    const now = this.exchange.now();
    const receipt = await this.exchange.submit(
      this.walletBody(
        {
          type: 'createSession',
          userPubkey: this.key.publicKey,
          sessionPubkey: key.publicKey,
          expiryTimestamp: now + BigInt(opts.expiresIn ?? 3600),
          ...(opts.framing === 'chainTransaction' ? { framing: 'CHAIN_TRANSACTION' as const } : {}),
          ...(opts.refreshDeadlineIn !== undefined
            ? { refreshDeadline: now + BigInt(opts.refreshDeadlineIn) }
            : {}),
        },
        { framing: opts.framing ?? 'hex' },
      ),
    );
    if (receipt.kind.type === 'createSessionResult')
      this.session = { id: receipt.kind.sessionId, key, nonce: 0 };
    return receipt.kind;
  }

  async accountIds(): Promise<number[]> {
    return (await this.exchange.getJson<{ accountIds: number[] }>(`/user/${this.address}`)).accountIds;
  }
}

export const errorOf = (receipt: Receipt): string | null =>
  receipt.kind.type === 'err' ? receipt.kind.error : null;

export async function balances(exchange: TestExchange, accountId: number): Promise<Record<number, bigint>> {
  const account = await exchange.account(accountId);
  return Object.fromEntries(account.balances.map((b) => [b.tokenId, b.amount]));
}

/** A wallet's token balance as the chain holds it (its associated token account; 0 when it has none). */
export async function chainBalance(
  exchange: TestExchange,
  address: string,
  tokenId: number,
): Promise<bigint> {
  const vault = (await vaults(exchange)).find((v) => v.tokenId === tokenId)!;
  const ata = associatedTokenAddress(address, vault.mint);
  const info = await exchange.rpc.getAccountInfo(ata, { encoding: 'base64' }).send();
  if (!info.value) return 0n;
  const balance = await exchange.rpc.getTokenAccountBalance(ata as Address).send();
  return BigInt(balance.value.amount);
}

export interface VaultInfo {
  tokenId: number;
  mint: string;
  owner: string;
  vault: string;
}

export const vaults = (exchange: TestExchange): Promise<VaultInfo[]> =>
  exchange.getJson<VaultInfo[]>('/settlement/vaults');

/** A raw JSON-RPC call (for the devnet-only faucet, which kit's typed client does not know). */
export async function rpcCall<T>(exchange: TestExchange, method: string, params: unknown[]): Promise<T> {
  const res = await fetch(exchange.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: T; error?: { code: number; message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.code} ${body.error.message}`);
  return body.result as T;
}

export const USDC = 0;
export const usdc = (whole: number): bigint => BigInt(whole) * 1_000_000n;

export type PlaceOrder = Extract<ActionKind, { type: 'placeOrder' }>;
/** A placed order's receipt, with the devnet's own additions (order id, fill state) known to be there. */
export type PlacedOrder = Receipt & {
  kind: Extract<ReceiptKind, { type: 'placeOrderResult' }> & {
    orderId: bigint;
    filledSize: bigint;
    remainingSize: bigint;
  };
};

/** The trading tests' participant: a new wallet with `collateral` USDC credited and a session. */
export async function trader(
  exchange: TestExchange,
  collateral = 10_000,
): Promise<{ w: TestWallet; account: number }> {
  const w = new TestWallet(exchange);
  await w.deposit(USDC, usdc(collateral));
  await w.createSession();
  return { w, account: (await w.accountIds())[0]! };
}

/** A session-signed PlaceOrder, by default a market (IOC) buy of 0.1 BTC on BTC-PERP; the receipt as it is. */
export function placeOrder(
  exchange: TestExchange,
  w: TestWallet,
  fields: Partial<PlaceOrder>,
): Promise<Receipt> {
  return exchange.submit(
    w.sessionBody({
      type: 'placeOrder',
      sessionId: w.session!.id,
      marketId: 0,
      side: 'BID',
      fillMode: 'IMMEDIATE_OR_CANCEL',
      isReduceOnly: false,
      price: 0n,
      size: 1_000n,
      ...fields,
    } as PlaceOrder),
  );
}

/** placeOrder for a test that needs the order placed: a refusal throws with its Error value. */
export async function placedOrder(
  exchange: TestExchange,
  w: TestWallet,
  fields: Partial<PlaceOrder>,
): Promise<PlacedOrder> {
  const r = await placeOrder(exchange, w, fields);
  if (r.kind.type !== 'placeOrderResult') throw new Error(`order refused: ${errorOf(r)}`);
  if (r.kind.orderId === undefined || r.kind.filledSize === undefined || r.kind.remainingSize === undefined)
    throw new Error('the devnet left out its order id or fill state');
  return r as PlacedOrder;
}

/**
 * The exchange's human-unit numbers (decimal texts after a lossless parse) read back as scaled integers of
 * `decimals` places, everywhere in a parsed value: for tests that compare a whole record in one unit (a
 * vault's quote amounts, shares and NAV all have 6). Names and cursors are not decimal texts and stay.
 */
const KEEP = new Set(['nextStartInclusive', 'cursor', 'name', 'vaultName', 'orderId', 'triggerId']);
export function scaledDeep<T>(value: T, decimals: number): Scaled<T> {
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value))
    return scaledFromDecimal(value, decimals) as Scaled<T>;
  if (Array.isArray(value)) return value.map((v: unknown) => scaledDeep(v, decimals)) as Scaled<T>;
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, KEEP.has(k) ? v : scaledDeep(v, decimals)]),
    ) as Scaled<T>;
  return value as Scaled<T>;
}
type Scaled<T> = T extends DecimalText
  ? bigint
  : T extends (infer E)[]
    ? Scaled<E>[]
    : T extends object
      ? { [K in keyof T]: Scaled<T[K]> }
      : T;

// ---- orders and trades read back in the devnet's own units, for the behaviour tests: the public records
// (human units, `ask`/`bid`, public fill modes) turned into scaled integers with the markets' decimals

const MARKET_DECIMALS: Record<number, { price: number; size: number }> = {
  0: { price: 1, size: 4 },
  1: { price: 2, size: 3 },
  2: { price: 3, size: 2 },
};
const FILL_MODES = {
  Limit: 'LIMIT',
  PostOnly: 'POST_ONLY',
  ImmediateOrCancel: 'IMMEDIATE_OR_CANCEL',
  FillOrKill: 'FILL_OR_KILL',
} as const;
const upper = (side: 'ask' | 'bid') => (side === 'ask' ? ('ASK' as const) : ('BID' as const));

export function orderView(o: z.output<typeof OrderInfoJsonSchema>) {
  const d = MARKET_DECIMALS[o.marketId]!;
  return {
    orderId: o.orderId,
    clientOrderId: o.clientOrderId == null ? null : BigInt(o.clientOrderId),
    accountId: o.traderId,
    marketId: o.marketId,
    side: upper(o.side),
    fillMode: FILL_MODES[o.fillMode],
    price: scaledFromDecimal(o.placedPrice, d.price),
    size: scaledFromDecimal(o.placedSize, d.size),
    filledSize: scaledFromDecimal(o.filledSize ?? '0', d.size),
    status: o.status,
    reduceOnly: o.isReduceOnly,
    time: o.addedAt,
    actionId: o.updateActionId,
    marketMode: o.marketMode,
  };
}

export function tradeView(t: z.output<typeof TradeJsonSchema>) {
  const d = MARKET_DECIMALS[t.marketId]!;
  return {
    tradeId: t.tradeId,
    actionId: t.actionId,
    time: t.time,
    marketId: t.marketId,
    price: scaledFromDecimal(t.price, d.price),
    size: scaledFromDecimal(t.baseSize, d.size),
    takerSide: upper(t.takerSide),
    takerId: t.takerId,
    makerId: t.makerId,
    takerOrderId: t.orderId,
    makerOrderId: t.makerOrderId,
    takerClientOrderId: t.takerClientOrderId == null ? null : BigInt(t.takerClientOrderId),
    takerFee: scaledFromDecimal(t.takerFee ?? '0', 6),
    makerFee: scaledFromDecimal(t.makerFee ?? '0', 6),
    marketMode: t.marketMode,
  };
}

export const readOrder = async (ex: TestExchange, orderId: bigint | string) =>
  orderView(await ex.read(`/order/${orderId}`, OrderInfoJsonSchema));
export const readOrderPage = async (ex: TestExchange, path: string) => {
  const page = await ex.read(path, OrderPageJsonSchema);
  return { ...page, items: page.items.map(orderView) };
};
export const readTradePage = async (ex: TestExchange, path: string) => {
  const page = await ex.read(path, TradePageJsonSchema);
  return { ...page, items: page.items.map(tradeView) };
};
export const readTrades = async (ex: TestExchange, path: string) => {
  const page = await ex.read(path, TradesPageJsonSchema);
  return { ...page, trades: page.trades.map(tradeView), items: page.items.map(tradeView) };
};

/** GET /market/{id}/orderbook with its [price, size] levels read back as scaled integers */
export async function readBook(ex: TestExchange, marketId: number, query = '') {
  const book = await ex.read(`/market/${marketId}/orderbook${query}`, OrderbookJsonSchema);
  const d = MARKET_DECIMALS[marketId]!;
  const levels = (list: [string, string][]) =>
    list.map(([p, s]) => [scaledFromDecimal(p, d.price), scaledFromDecimal(s, d.size)] as [bigint, bigint]);
  return { ...book, bids: levels(book.bids), asks: levels(book.asks) };
}

/** a market's live prices read back as scaled integers */
export async function readLive(ex: TestExchange, marketId: number) {
  const live = await ex.read(`/market/${marketId}/live`, MarketLiveJsonSchema);
  const price = (t: string | null) =>
    t === null ? null : scaledFromDecimal(t, MARKET_DECIMALS[marketId]!.price);
  return {
    indexPrice: price(live.indexPrice)!,
    markPrice: price(live.markPrice)!,
    bestBid: price(live.clob.bestBid),
    bestAsk: price(live.clob.bestAsk),
  };
}
