// Trades on the devnet directly over HTTP with a key the test knows (the same key the test imports into the
// app as a wallet), the way any exchange client would: a signed deposit, a wallet-signed CreateSession, then
// session-signed orders. This gives the app's wallet real positions and orders without a trading screen.
import { createHash, randomBytes } from 'node:crypto';
import bs58 from 'bs58';
import { SigningKey, generateKeypair } from '../../../src/protocol/keys';
import { signAction, type Framing } from '../../../src/protocol/signing';
import { buildActionBody } from '../../../src/protocol/framing';
import { decodeReceipt, encodeActionRaw } from '../../../src/protocol/codec';
import { loadSchema, readBundledProto } from '../../../src/protocol/schema';
import { createSolanaRpc } from '@solana/kit';
import { signDeposit } from '../../../src/protocol/solana-tx';
import { devnetFaucet } from '../../support/chain';
import type { ActionKind, ReceiptKind } from '../../../src/protocol/types';
import { createExchangeClient, type ExchangeClient } from '../../../src/main/exchange/exchange-client';
import { createHttpClient } from '../../../src/main/exchange/http-client';

const schema = loadSchema(readBundledProto());

export class Trader {
  readonly key: SigningKey;
  readonly address: string;
  /** base58 of the 32-byte seed: what the app's "Import wallet" accepts */
  readonly secret: string;
  private walletNonce = 0;
  private session: { id: bigint; key: SigningKey; nonce: number } | null = null;

  constructor(
    readonly exchangeUrl: string,
    label: string,
    /** the exchange's settlement chain (Solana JSON-RPC) */
    readonly rpcUrl: string,
    /** a known key (one a recovery phrase derives, say) instead of one made from the label */
    seed: Uint8Array = createHash('sha256').update(`perpetua-e2e:${label}`).digest(),
  ) {
    this.key = new SigningKey(seed);
    this.secret = bs58.encode(seed);
    this.address = bs58.encode(this.key.publicKey);
  }

  /** reads through the app's own exchange client: the public JSON, scaled exactly */
  private client: ExchangeClient | null = null;
  private reader(): ExchangeClient {
    this.client ??= createExchangeClient(createHttpClient({ baseUrl: this.exchangeUrl }));
    return this.client;
  }

  private async json<T>(path: string, init?: RequestInit): Promise<T> {
    const res = await fetch(`${this.exchangeUrl}${path}`, init);
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  }

  private post<T>(path: string, body: unknown): Promise<T> {
    return this.json<T>(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  async accountIds(): Promise<number[]> {
    return (await this.reader().user(this.address))?.accountIds ?? [];
  }

  /** Faucet and a deposit transaction signed by this key, then waits until the exchange has credited it. */
  async deposit(tokenId: number, amount: bigint): Promise<number> {
    await devnetFaucet(this.rpcUrl, this.address, tokenId, amount);
    const vault = (
      await this.json<{ tokenId: number; mint: string; vault: string }[]>('/settlement/vaults')
    ).find((v) => v.tokenId === tokenId)!;
    const info = await this.json<{ tokens: { tokenId: number; decimals: number }[] }>('/info');
    const rpc = createSolanaRpc(this.rpcUrl);
    const signed = signDeposit({
      key: this.key,
      mint: vault.mint,
      decimals: info.tokens.find((t) => t.tokenId === tokenId)!.decimals,
      vault: vault.vault,
      amount,
      correlation: { recipient: this.address, ref: randomBytes(6).toString('base64url') },
      blockhash: (await rpc.getLatestBlockhash().send()).value,
    });
    await rpc.sendTransaction(signed.wire, { encoding: 'base64' }).send();
    for (let i = 0; i < 100; i += 1) {
      const [account] = await this.accountIds();
      if (account !== undefined) {
        const a = await this.reader().account(account);
        if (a.balances.some((b) => b.tokenId === tokenId && b.amount >= amount)) return account;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('the deposit was not credited within 20 s');
  }

  private async submit(
    kind: ActionKind,
    key: SigningKey,
    framing: Framing,
    nonce: number,
  ): Promise<ReceiptKind> {
    const raw = encodeActionRaw(schema, {
      currentTimestamp: BigInt(await this.json<number>('/timestamp')),
      nonce,
      kind,
    });
    const res = await fetch(`${this.exchangeUrl}/action`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: buildActionBody(raw, signAction(raw, key, framing)),
    });
    if (res.status !== 200) throw new Error(`POST /action answered ${res.status}: ${await res.text()}`);
    const receipt = decodeReceipt(schema, Buffer.from(await res.arrayBuffer())).kind;
    if (receipt.type === 'err') throw new Error(`the exchange refused ${kind.type}: ${receipt.error}`);
    return receipt;
  }

  async createSession(): Promise<void> {
    const key = new SigningKey(generateKeypair().secretSeed);
    const now = BigInt(await this.json<number>('/timestamp'));
    this.walletNonce = Math.max(
      this.walletNonce,
      Number(await this.json<string>(`/event/last-acked-nonce?signer=${this.address}`)),
    );
    const receipt = await this.submit(
      {
        type: 'createSession',
        userPubkey: this.key.publicKey,
        sessionPubkey: key.publicKey,
        expiryTimestamp: now + 3600n,
      },
      this.key,
      'hex',
      ++this.walletNonce,
    );
    if (receipt.type !== 'createSessionResult') throw new Error(`no session: ${receipt.type}`);
    this.session = { id: receipt.sessionId, key, nonce: 0 };
  }

  /** A market order (IMMEDIATE_OR_CANCEL at any price) or, with a price, a resting limit order. */
  async order(fields: {
    accountId: number;
    marketId: number;
    side: 'BID' | 'ASK';
    size: bigint;
    limitPrice?: bigint;
  }): Promise<ReceiptKind> {
    const session = this.session;
    if (!session) throw new Error('create a session first');
    return this.submit(
      {
        type: 'placeOrder',
        sessionId: session.id,
        marketId: fields.marketId,
        side: fields.side,
        fillMode: fields.limitPrice === undefined ? 'IMMEDIATE_OR_CANCEL' : 'LIMIT',
        isReduceOnly: false,
        price: fields.limitPrice ?? 0n,
        size: fields.size,
        senderAccountId: fields.accountId,
      },
      session.key,
      'session',
      ++session.nonce,
    );
  }

  /** the public key of the session this Trader signs with, once it made one */
  get sessionKey(): string | null {
    return this.session ? bs58.encode(this.session.key.publicKey) : null;
  }

  /** the session this Trader signs with, once it made one */
  get sessionId(): bigint | null {
    return this.session?.id ?? null;
  }

  /** A stop-loss or take-profit on an account, signed by this Trader's session; returns its trigger id. */
  async trigger(fields: {
    accountId: number;
    marketId: number;
    kind: 'STOP_LOSS' | 'TAKE_PROFIT';
    side: 'BID' | 'ASK';
    triggerPrice: bigint;
  }): Promise<bigint> {
    const session = this.session;
    if (!session) throw new Error('create a session first');
    const receipt = await this.submit(
      {
        type: 'addTrigger',
        sessionId: session.id,
        marketId: fields.marketId,
        key: { kind: fields.kind, side: fields.side },
        prices: { triggerPrice: fields.triggerPrice },
        accountId: fields.accountId,
      },
      session.key,
      'session',
      ++session.nonce,
    );
    if (receipt.type !== 'triggerAdded' || receipt.triggerId === undefined)
      throw new Error(`no trigger: ${receipt.type}`);
    return receipt.triggerId;
  }

  /** Moves a token between this wallet's accounts (into a new one without toAccountId); returns the target. */
  async transfer(fields: {
    fromAccountId: number;
    tokenId: number;
    amount: bigint;
    toAccountId?: number;
  }): Promise<number> {
    const session = this.session;
    if (!session) throw new Error('create a session first');
    const receipt = await this.submit(
      { type: 'transfer', sessionId: session.id, ...fields },
      session.key,
      'session',
      ++session.nonce,
    );
    if (receipt.type !== 'transferred' || receipt.toUserAccount === undefined)
      throw new Error(`no transfer: ${receipt.type}`);
    return receipt.toUserAccount;
  }

  /** the account's active triggers as the exchange lists them */
  async triggers(accountId: number): Promise<{ triggerId: bigint }[]> {
    return this.reader().triggers(accountId);
  }

  /** Devnet control: sets a market's index and mark price at once. */
  async setIndexPrice(marketId: number, price: bigint): Promise<void> {
    await this.post('/devnet/index-price', { marketId, price: price.toString() });
  }

  /** The wallet's sessions as the exchange lists them. */
  async sessions(): Promise<{ sessionId: string }[]> {
    return ((await this.reader().user(this.address))?.sessions ?? []).map((s) => ({
      sessionId: s.sessionId.toString(),
    }));
  }

  /** the account as the app models it: bigint amounts, margin health and liquidation prices */
  account(accountId: number) {
    return this.reader().account(accountId);
  }
}
