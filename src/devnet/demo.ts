// The demo scenario (resources/demo/scenario.json, read by src/support/demo-scenario.ts): a few wallets with
// several accounts, positions, open orders, vault shares and history, played into a fresh devnet as real
// signed actions, so every number the app shows comes from the same rules as everything else.
import { randomBytes } from 'node:crypto';
import bs58 from 'bs58';
import { SigningKey } from '../protocol/keys';
import { demoSessionSeed, demoWalletSeed, type DemoScenario } from '../support/demo-scenario';
import { signAction } from '../protocol/signing';
import { buildActionBody } from '../protocol/framing';
import { encodeActionRaw } from '../protocol/codec';
import { signDeposit } from '../protocol/solana-tx';
import type { ActionKind, Receipt } from '../protocol/types';
import { parseAmount } from '../shared/money';
import type { ProtocolSchema } from '../protocol/schema';
import type { DevnetConfig } from './config';
import type { Devnet } from './devnet';

/** Plays the scenario into the devnet unless its wallets already exist (a persisted demo devnet). */
export function seedDemo(
  devnet: Devnet,
  scenario: DemoScenario,
  schema: ProtocolSchema,
  config: DevnetConfig,
): void {
  const state = devnet.engine.state;
  const wallets = scenario.wallets.map((w) => ({ ...w, key: new SigningKey(demoWalletSeed(w.label)) }));
  const address = (key: SigningKey) => bs58.encode(key.publicKey);
  if (wallets.some((w) => state.users[address(w.key)])) return;
  devnet.tick(); // prices and the market maker's quotes, so market orders fill

  const token = (symbol: string) => {
    const t = config.tokens.find((x) => x.symbol === symbol);
    if (!t) throw new Error(`demo: unknown token ${symbol}`);
    return t;
  };
  const market = (symbol: string) => {
    const m = config.markets.find((x) => x.symbol === symbol);
    if (!m) throw new Error(`demo: unknown market ${symbol}`);
    return m;
  };
  const quote = token(config.tokens.find((t) => t.tokenId === config.quoteTokenId)!.symbol);
  let nonce = Math.floor(devnet.engine.nowMs() / 1000);
  const submit = (kind: ActionKind, key: SigningKey, framing: 'hex' | 'session', what: string): Receipt => {
    const raw = encodeActionRaw(schema, {
      currentTimestamp: BigInt(devnet.engine.nowSeconds()),
      nonce: ++nonce,
      kind,
    });
    const receipt = devnet.engine.execute(buildActionBody(raw, signAction(raw, key, framing)));
    if (receipt.kind.type === 'err') throw new Error(`demo: ${what} was refused: ${receipt.kind.error}`);
    return receipt;
  };
  const accountsOf = (key: SigningKey) => state.users[address(key)]?.accountIds ?? [];

  for (const wallet of wallets) {
    const from = address(wallet.key);
    for (const f of wallet.faucet) {
      const t = token(f.token);
      devnet.bridge.faucet(from, t.tokenId, parseAmount(f.amount, t.decimals));
    }
    const sessionKey = new SigningKey(demoSessionSeed(wallet.label));
    let sessionId: bigint | null = null;
    const session = (): { sessionId: bigint } => {
      if (sessionId === null) {
        const r = submit(
          {
            type: 'createSession',
            userPubkey: wallet.key.publicKey,
            sessionPubkey: sessionKey.publicKey,
            expiryTimestamp: BigInt(devnet.engine.nowSeconds() + 7 * 24 * 3600),
          },
          wallet.key,
          'hex',
          `${wallet.label}'s session`,
        );
        if (r.kind.type !== 'createSessionResult') throw new Error('demo: no session');
        sessionId = r.kind.sessionId;
      }
      return { sessionId };
    };
    const accountAt = (index: number) => {
      const id = accountsOf(wallet.key)[index];
      if (id === undefined) throw new Error(`demo: ${wallet.label} has no account #${index}`);
      return id;
    };
    for (const [i, step] of wallet.steps.entries()) {
      const what = `${wallet.label} step ${i + 1} (${step.do})`;
      switch (step.do) {
        case 'deposit': {
          const t = token(step.token);
          // A real deposit transaction, signed by the demo wallet, through the chain like any other.
          const signed = signDeposit({
            key: wallet.key,
            mint: t.mint,
            decimals: t.decimals,
            vault: devnet.bridge.vaultList().find((v) => v.tokenId === t.tokenId)!.vault,
            amount: parseAmount(step.amount, t.decimals),
            correlation: { recipient: from, ref: randomBytes(6).toString('base64url') },
            blockhash: devnet.chain.latestBlockhash(),
          });
          const landed = devnet.chain.send(Buffer.from(signed.wire, 'base64'));
          if (!landed.ok) throw new Error(`demo: ${what} failed on chain: ${landed.message}`);
          // already processed, so the next tick credits it
          devnet.bridge.expedite(signed.signature);
          devnet.tick();
          break;
        }
        case 'transfer':
        case 'transferTo': {
          const t = token(step.token);
          const recipient =
            step.do === 'transferTo'
              ? accountsOf(wallets.find((w) => w.label === step.wallet)!.key)[step.account]
              : step.to === 'new'
                ? undefined
                : accountAt(step.to);
          submit(
            {
              type: 'transfer',
              ...session(),
              fromAccountId: accountAt(step.from),
              tokenId: t.tokenId,
              amount: parseAmount(step.amount, t.decimals),
              ...(recipient !== undefined ? { toAccountId: recipient } : {}),
            },
            sessionKey,
            'session',
            what,
          );
          break;
        }
        case 'order': {
          const m = market(step.market);
          submit(
            {
              type: 'placeOrder',
              ...session(),
              marketId: m.marketId,
              side: step.side,
              fillMode: step.limit ? 'LIMIT' : 'IMMEDIATE_OR_CANCEL',
              isReduceOnly: step.reduceOnly ?? false,
              price: step.limit ? parseAmount(step.limit, m.priceDecimals) : 0n,
              size: parseAmount(step.size, m.sizeDecimals),
              senderAccountId: accountAt(step.account),
            },
            sessionKey,
            'session',
            what,
          );
          break;
        }
        case 'withdraw': {
          const t = token(step.token);
          submit(
            {
              type: 'withdraw',
              ...session(),
              tokenId: t.tokenId,
              amount: parseAmount(step.amount, t.decimals),
              accountId: accountAt(step.account),
            },
            sessionKey,
            'session',
            what,
          );
          // paid out now, as a withdrawal made before the app was opened would be: the demo is whole when the
          // app first connects, which is then not told of the demo's own past payout as if it were news
          for (const w of state.withdrawals) if (w.status === 'requested') w.dueMs = 0;
          devnet.tick();
          break;
        }
        case 'vaultDeposit':
          submit(
            {
              type: 'vaultDeposit',
              ...session(),
              vaultId: step.vault,
              amount: parseAmount(step.amount, quote.decimals),
              accountId: accountAt(step.account),
            },
            sessionKey,
            'session',
            what,
          );
          break;
        case 'vaultWithdraw':
          submit(
            {
              type: 'vaultWithdrawRequest',
              ...session(),
              vaultId: step.vault,
              kind: step.kind,
              amount:
                step.kind === 'QUOTE_NOTIONAL'
                  ? parseAmount(step.amount, quote.decimals)
                  : BigInt(step.amount),
              accountId: accountAt(step.account),
            },
            sessionKey,
            'session',
            what,
          );
          break;
      }
    }
  }
  devnet.schedulePersist();
}
