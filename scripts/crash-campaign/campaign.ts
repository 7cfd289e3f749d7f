// A randomized crash campaign: a person's mix of actions (transfers, into new accounts too, withdrawals,
// deposits, vault deposits, withdrawal requests and claims, session create, refresh and revoke) driven
// through the app's real core (the browser host, over its bridge) against the devnet, each in its own
// process, while the core, the devnet or both are killed with SIGKILL at random moments, most of them while
// an action is on its way. Each is restarted on its own data as a person would restart it. At the end the
// app's journal and audit log are held against the exchange's own records and the chain (reconcile.ts).
// Seeded: the same seed makes the same choices (the moments of the kills depend on timing too).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { HostClient, type CallResult } from './host-client';
import {
  killHard,
  startDevnetProcess,
  startHostProcess,
  stopGently,
  type StartedDevnet,
  type StartedHost,
} from './processes';
import { reconcile, type AppRecords, type Reconciliation } from './reconcile';
import type { Attempt, CampaignActionKind, Outcome, Victim } from './attempt';
import { readSavedState } from '../../src/devnet/devnet';
import { chainTokenBalance } from '../../tests/support/chain';
import { Trader } from '../../tests/e2e/support/trader';

export interface CampaignOptions {
  seed: number;
  actions: number;
  /** kills to aim for; each action is a kill's moment with probability kills / actions */
  kills: number;
  /** keep the data folders (printed) instead of removing them */
  keep?: boolean;
  log?: (line: string) => void;
}

const WEIGHTS: Record<CampaignActionKind, number> = {
  transfer: 22,
  transferToNewAccount: 4,
  withdraw: 12,
  deposit: 12,
  vaultDeposit: 10,
  vaultWithdraw: 8,
  vaultClaim: 6,
  sessionCreate: 9,
  sessionRefresh: 9,
  sessionRevoke: 8,
  addTrigger: 6,
  removeTrigger: 4,
  sweep: 3,
  compromisedKeyDrill: 2,
};

export interface CampaignReport {
  seed: number;
  attempts: Attempt[];
  kills: Record<Victim, number>;
  reconciliation: Reconciliation;
  seconds: number;
}

const PASSPHRASE = 'crash campaign passphrase';
/** a day to live, renewable for a week: sessions the mix can refresh */
const SESSION_TIMES = { expiresInSeconds: 86_400, refreshDeadlineSeconds: 7 * 86_400 };
const USDC = 0;
const usdc = (n: number): bigint => BigInt(n) * 1_000_000n;

/** mulberry32: small, seedable, good enough to choose with */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Wallet {
  walletId: string;
  publicKey: string;
}
interface Portfolio {
  wallets: {
    wallet: Wallet;
    accounts: {
      accountId: number;
      balances: { tokenId: number; amount: bigint }[];
      positions: { marketId: number; size: bigint; markPrice: bigint }[];
    }[];
  }[];
}
interface Vaults {
  vaults: { vaultId: number }[];
  holdings: { walletId: string; accountId: number; vaultId: number; value: bigint; claimable: bigint }[];
}
interface Session {
  walletId: string;
  sessionId: string;
  createdHere: boolean;
  status: string;
}

export async function runCampaign(options: CampaignOptions): Promise<CampaignReport> {
  const started = Date.now();
  const log = options.log ?? (() => {});
  const rng = random(options.seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;
  const root = mkdtempSync(join(tmpdir(), 'perpetua-crash-'));
  const appDir = join(root, 'app');
  const devnetDir = join(root, 'devnet');
  const rendererDir = join(root, 'renderer');
  mkdirSync(rendererDir, { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<html>campaign</html>');
  // the claims need an epoch to end: a short one, as the e2e suite has
  const devnetEnv = { ...process.env, PERPETUA_DEVNET_VAULT_EPOCH_SECONDS: '20' };
  // one keychain service for the whole run: a restarted core finds its keys where it left them
  const hostEnv = { ...process.env, PERPETUA_KEYCHAIN_SERVICE: `perpetua-crash-${randomUUID()}` };

  let devnet: StartedDevnet = await startDevnetProcess(
    { dataDir: devnetDir, port: 0, rpcPort: 0 },
    devnetEnv,
  );
  const startHost = () => startHostProcess({ dataDir: appDir, rendererDir, devnet }, hostEnv);
  let host: StartedHost = await startHost();
  let client = await HostClient.open(host.url);
  const kills: Record<Victim, number> = { core: 0, devnet: 0, both: 0 };
  const attempts: Attempt[] = [];

  try {
    await client.must('lock.setup', { passphrase: PASSPHRASE });
    const wallets: Wallet[] = [];
    for (const label of ['Alpha', 'Beta']) {
      const pending = await client.must<{ pendingId: string; secretKey: string; confirmCharacters: number }>(
        'wallets.create',
        { label, passphrase: PASSPHRASE },
      );
      wallets.push(
        await client.must<Wallet>('wallets.confirmBackup', {
          pendingId: pending.pendingId,
          confirmation: pending.secretKey.slice(-pending.confirmCharacters),
        }),
      );
    }
    // Gamma trades elsewhere too (its key is imported, as a person's other device holds it): it opens a
    // position there, which the app's triggers protect. Its own actions are not the app's to audit.
    const gamma = new Trader(devnet.baseUrl, `crash-campaign-${options.seed}`, devnet.rpcUrl);
    wallets.push(
      await client.must<Wallet>('wallets.import', {
        label: 'Gamma',
        secret: gamma.secret,
        passphrase: PASSPHRASE,
      }),
    );
    const gammaAccount = await gamma.deposit(USDC, usdc(50_000));
    await gamma.createSession();
    const opened = await gamma.order({ accountId: gammaAccount, marketId: 0, side: 'BID', size: 1_000n });
    if (opened.type === 'err') throw new Error(`Gamma's position did not open: ${JSON.stringify(opened)}`);
    // what the other device signed: everything of Gamma's keys up to here (the app has signed nothing for it yet)
    const lastForeign = BigInt(
      (await (await fetch(`${devnet.baseUrl}/action/last-executed-id`)).text()).trim(),
    );
    const gammaKeys = [gamma.address, gamma.sessionKey!];
    const foreign = (a: { signer: string; actionId: bigint }) =>
      gammaKeys.includes(a.signer) && a.actionId <= lastForeign;
    for (const wallet of wallets.slice(0, 2)) {
      await client.must('funds.faucet', {
        walletId: wallet.walletId,
        tokenId: USDC,
        amount: usdc(1_000_000),
      });
      await client.must('funds.deposit', { walletId: wallet.walletId, tokenId: USDC, amount: usdc(50_000) });
    }
    await until(async () => {
      const deposits = await client.must<{ status: string }[]>('funds.deposits');
      return deposits.length === 2 && deposits.every((d) => d.status === 'credited');
    }, 'the first deposits to be credited');
    for (const wallet of wallets)
      await client.must('sessions.create', { walletId: wallet.walletId, ...SESSION_TIMES });
    log(`set up: 3 wallets, 50,000 USDC each on the exchange, Gamma with a position; data in ${root}`);

    /** the core again after a kill: a new bridge, unlocked with the passphrase (retried while it starts) */
    const reconnect = async (): Promise<void> => {
      client = await HostClient.open(host.url);
      await until(async () => {
        const unlocked = await client.call('lock.unlock', { passphrase: PASSPHRASE });
        return 'ok' in unlocked && unlocked.ok;
      }, 'the restarted core to unlock');
    };

    const restart = async (victim: Victim): Promise<void> => {
      if (victim !== 'core')
        devnet = await startDevnetProcess(
          { dataDir: devnetDir, port: devnet.port, rpcPort: devnet.rpcPort },
          devnetEnv,
        );
      if (victim !== 'devnet') {
        host = await startHost();
        await reconnect();
      }
    };

    const kill = async (victim: Victim): Promise<void> => {
      kills[victim] += 1;
      if (victim !== 'devnet') await killHard(host);
      if (victim !== 'core') await killHard(devnet);
    };

    let view: { portfolio: Portfolio; vaults: Vaults; sessions: Session[] } | null = null;
    const look = async () => {
      const [portfolio, vaults, sessions] = await Promise.all([
        client.call<Portfolio>('portfolio.get'),
        client.call<Vaults>('vaults.get'),
        client.call<Session[]>('sessions.list'),
      ]);
      if ('ok' in portfolio && portfolio.ok && 'ok' in vaults && vaults.ok && 'ok' in sessions && sessions.ok)
        view = { portfolio: portfolio.value, vaults: vaults.value, sessions: sessions.value };
    };

    const weighted = Object.entries(WEIGHTS).flatMap(([kind, n]) =>
      Array.from({ length: n }, () => kind as CampaignActionKind),
    );

    for (let index = 0; index < options.actions; index += 1) {
      if (!view || index % 5 === 0) await look();
      const kind = pick(weighted);
      const wallet = pick(wallets);
      const killing: Victim | null =
        rng() < options.kills / options.actions
          ? pick(['core', 'core', 'devnet', 'devnet', 'both'] as const)
          : null;
      // most kills land while the action is on its way: after the review, around the signing and sending
      const killAfterMs = Math.floor(rng() * 150);
      const doing = act(index, kind, wallet, view, client, rng);
      let restarting: Promise<void> | null = null;
      if (killing) {
        await sleep(killAfterMs);
        await kill(killing);
        restarting = restart(killing);
      }
      const [attempt] = await Promise.all([doing, restarting]);
      if (killing) {
        attempt.killed = killing;
        view = null;
      }
      attempts.push(attempt);
      if ((index + 1) % 50 === 0)
        log(`${index + 1} actions, ${kills.core + kills.devnet + kills.both} kills`);
    }

    // Settled: what the app had on its way when it was killed is found out, deposits are credited
    await until(
      async () => {
        const deposits = await client.call<{ status: string }[]>('funds.deposits');
        const journal = journalOf(appDir);
        return (
          'ok' in deposits &&
          deposits.ok &&
          deposits.value.every((d) => d.status === 'credited' || d.status === 'failed') &&
          journal.pending.length === 0
        );
      },
      'the app to settle what was on its way',
      120_000,
    ).catch((error: unknown) => log(String(error)));

    const app = await readApp(client, wallets, appDir, devnet);
    client.close();
    await stopGently(host);
    await stopGently(devnet);
    // the snapshot with the journal's records after it, as the devnet restores it
    const exchange = readSavedState(devnetDir)!;
    return {
      seed: options.seed,
      attempts,
      kills,
      reconciliation: reconcile(attempts, app, exchange.engine, foreign),
      seconds: Math.round((Date.now() - started) / 1000),
    };
  } finally {
    client.close();
    await killHard(host);
    await killHard(devnet);
    if (options.keep) log(`data kept in ${root}`);
    else rmSync(root, { recursive: true, force: true });
  }
}

/** Polls until done() or throws after ms, naming what it waited for. */
async function until(done: () => Promise<boolean>, what: string, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    if (await done().catch(() => false)) return;
    if (Date.now() > end) throw new Error(`gave up waiting for ${what} after ${ms / 1000} s`);
    await sleep(250);
  }
}

/** The app's journal of nonces and unsettled submissions, as it is on disk (one per network folder). */
function journalOf(appDir: string): { signers: Record<string, number>; pending: unknown[] } {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(dir, entry.name));
      else if (entry.name === 'nonces.json') files.push(join(dir, entry.name));
    }
  };
  walk(appDir);
  const journal = { signers: {} as Record<string, number>, pending: [] as unknown[] };
  for (const file of files) {
    const one = JSON.parse(readFileSync(file, 'utf8')) as {
      signers: Record<string, number>;
      pending: unknown[];
    };
    Object.assign(journal.signers, one.signers);
    journal.pending.push(...one.pending);
  }
  return journal;
}

/** Everything the app says at the end: its audit log, accounts, deposits, journal and chain balances. */
async function readApp(
  client: HostClient,
  wallets: Wallet[],
  appDir: string,
  devnet: StartedDevnet,
): Promise<AppRecords> {
  const audit: AppRecords['audit'] = [];
  for (let offset = 0; ; offset += 500) {
    const page = await client.must<{ entries: AppRecords['audit']; total: number }>('audit.list', {
      offset,
      limit: 500,
    });
    audit.push(...page.entries);
    if (audit.length >= page.total || page.entries.length === 0) break;
  }
  const portfolio = await client.must<Portfolio>('portfolio.get');
  const deposits = await client.must<AppRecords['deposits']>('funds.deposits');
  const chain: AppRecords['chain'] = [];
  for (const wallet of wallets) {
    const seen = await client.must<{ tokens: { tokenId: number; amount: bigint }[] }>('funds.chainBalances', {
      walletId: wallet.walletId,
    });
    chain.push({
      publicKey: wallet.publicKey,
      app: seen.tokens.find((t) => t.tokenId === USDC)?.amount ?? 0n,
      chain: await chainTokenBalance(devnet, wallet.publicKey, USDC),
    });
  }
  return {
    audit,
    accounts: portfolio.wallets.flatMap((w) =>
      w.accounts.map((a) => ({
        walletKey: w.wallet.publicKey,
        accountId: a.accountId,
        usdc: a.balances.find((b) => b.tokenId === USDC)?.amount ?? 0n,
      })),
    ),
    deposits,
    journal: journalOf(appDir),
    chain,
    walletKeys: wallets.map((w) => w.publicKey),
  };
}

/** The result of one call as an attempt's outcome. */
function outcomeOf(result: CallResult<unknown>): { outcome: Outcome; code?: string } {
  if ('lost' in result) return { outcome: 'lost', code: result.why };
  return result.ok ? { outcome: 'ok' } : { outcome: 'refused', code: result.error.code };
}

/**
 * One action of the mix, chosen from what the last look showed; what cannot be done now (no vault holding to
 * claim, no session to revoke) is skipped. Amounts carry the attempt's number in their last digits.
 */
async function act(
  index: number,
  kind: CampaignActionKind,
  wallet: Wallet,
  view: { portfolio: Portfolio; vaults: Vaults; sessions: Session[] } | null,
  client: HostClient,
  rng: () => number,
): Promise<Attempt> {
  const attempt: Attempt = { index, kind, outcome: 'skipped' };
  if (!view) return attempt;
  const accounts = view.portfolio.wallets.find((w) => w.wallet.walletId === wallet.walletId)?.accounts ?? [];
  const usdcOf = (a: (typeof accounts)[number]) => a.balances.find((b) => b.tokenId === USDC)?.amount ?? 0n;
  const funded = accounts.filter((a) => usdcOf(a) > usdc(100));
  const from = funded[Math.floor(rng() * funded.length)];
  const unique = BigInt(index + 1);
  const sessions = view.sessions.filter(
    (s) => s.walletId === wallet.walletId && s.createdHere && s.status !== 'expired',
  );
  const holding = view.vaults.holdings.filter((h) => h.walletId === wallet.walletId);
  const vaultId = view.vaults.vaults[0]?.vaultId;

  /** review, then confirm with the passphrase: the two calls a person's Review and Confirm make */
  const signed = async (intent: Record<string, unknown>): Promise<void> => {
    const summary = await client.call<{ confirmationId: string }>('actions.prepare', intent);
    if (!('ok' in summary) || !summary.ok) return void Object.assign(attempt, outcomeOf(summary));
    const result = await client.call<{ actionId: bigint }>('actions.confirm', {
      confirmationId: summary.value.confirmationId,
      passphrase: PASSPHRASE,
    });
    Object.assign(attempt, outcomeOf(result));
    if ('ok' in result && result.ok) attempt.actionId = result.value.actionId;
  };
  const plain = async (method: string, arg: unknown): Promise<void> => {
    Object.assign(attempt, outcomeOf(await client.call(method, arg)));
  };

  switch (kind) {
    case 'transfer':
    case 'transferToNewAccount': {
      if (!from) return attempt;
      const others = view.portfolio.wallets
        .flatMap((w) => w.accounts)
        .filter((a) => a.accountId !== from.accountId);
      const to = kind === 'transfer' ? others[Math.floor(rng() * others.length)] : undefined;
      if (kind === 'transfer' && !to) return attempt;
      attempt.amount = usdc(1) + unique;
      await signed({
        kind: 'transfer',
        walletId: wallet.walletId,
        fromAccountId: from.accountId,
        tokenId: USDC,
        amount: attempt.amount,
        ...(to ? { toAccountId: to.accountId } : {}),
      });
      return attempt;
    }
    case 'withdraw':
      if (!from) return attempt;
      attempt.amount = usdc(5) + unique;
      await signed({
        kind: 'withdraw',
        walletId: wallet.walletId,
        accountId: from.accountId,
        tokenId: USDC,
        amount: attempt.amount,
      });
      return attempt;
    case 'deposit': {
      attempt.amount = usdc(2) + unique;
      const result = await client.call<{ txId: string | null }>('funds.deposit', {
        walletId: wallet.walletId,
        tokenId: USDC,
        amount: attempt.amount,
      });
      Object.assign(attempt, outcomeOf(result));
      if ('ok' in result && result.ok && result.value.txId) attempt.txId = result.value.txId;
      return attempt;
    }
    case 'vaultDeposit':
      if (!from || vaultId === undefined) return attempt;
      attempt.amount = usdc(10) + unique;
      await signed({
        kind: 'vaultDeposit',
        walletId: wallet.walletId,
        accountId: from.accountId,
        vaultId,
        amount: attempt.amount,
      });
      return attempt;
    case 'vaultWithdraw': {
      const h = holding.find((x) => x.value > usdc(5));
      if (!h) return attempt;
      attempt.amount = usdc(1) + unique;
      await signed({
        kind: 'vaultWithdraw',
        walletId: wallet.walletId,
        accountId: h.accountId,
        vaultId: h.vaultId,
        by: 'QUOTE_NOTIONAL',
        amount: attempt.amount,
      });
      return attempt;
    }
    case 'vaultClaim': {
      const h = holding.find((x) => x.claimable > 0n);
      if (!h) return attempt;
      await signed({
        kind: 'vaultClaim',
        walletId: wallet.walletId,
        accountId: h.accountId,
        vaultId: h.vaultId,
      });
      return attempt;
    }
    case 'sessionCreate':
      await plain('sessions.create', {
        walletId: wallet.walletId,
        label: `campaign ${index}`,
        ...SESSION_TIMES,
      });
      return attempt;
    case 'sessionRefresh': {
      const session = sessions[Math.floor(rng() * sessions.length)];
      if (!session) return attempt;
      await plain('sessions.refresh', { walletId: wallet.walletId, sessionId: session.sessionId });
      return attempt;
    }
    case 'sessionRevoke': {
      // one is kept, so the wallet can still sign its next action
      if (sessions.length < 2) return attempt;
      await plain('sessions.revoke', { walletId: wallet.walletId, sessionId: sessions[0]!.sessionId });
      return attempt;
    }
    case 'addTrigger': {
      const held = accounts.find((a) => a.positions.some((p) => p.size !== 0n));
      const position = held?.positions.find((p) => p.size !== 0n);
      if (!held || !position) return attempt;
      // a stop far from the mark, on the side that closes the position, that the run will not reach
      const long = position.size > 0n;
      await signed({
        kind: 'addTrigger',
        walletId: wallet.walletId,
        accountId: held.accountId,
        marketId: position.marketId,
        triggerKind: 'STOP_LOSS',
        triggerPrice: long ? position.markPrice / 2n : position.markPrice * 2n,
      });
      return attempt;
    }
    case 'removeTrigger': {
      const held = accounts.find((a) => a.positions.some((p) => p.size !== 0n));
      if (!held) return attempt;
      const triggers = await client.call<{ active: { triggerId: bigint; marketId: number }[] }>(
        'triggers.get',
        {
          accountId: held.accountId,
        },
      );
      const trigger = 'ok' in triggers && triggers.ok ? triggers.value.active[0] : undefined;
      if (!trigger) return attempt;
      await signed({
        kind: 'removeTrigger',
        walletId: wallet.walletId,
        accountId: held.accountId,
        marketId: trigger.marketId,
        triggerId: trigger.triggerId,
      });
      return attempt;
    }
    case 'sweep': {
      const [target, ...rest] = accounts;
      const sources = rest.filter((a) => usdcOf(a) > 0n && a.positions.every((p) => p.size === 0n));
      if (!target || sources.length === 0) return attempt;
      const review = await client.call<{ reviewId: string }>('drills.reviewSweep', {
        accountIds: sources.map((a) => a.accountId),
        targetAccountId: target.accountId,
      });
      if (!('ok' in review) || !review.ok) return Object.assign(attempt, outcomeOf(review));
      await plain('drills.startSweep', { reviewId: review.value.reviewId, passphrase: PASSPHRASE });
      return attempt;
    }
    case 'compromisedKeyDrill':
      // every session of the wallet revoked and its triggers removed; the mix's next session create
      // gives it one again
      await plain('drills.startCompromisedKey', { walletIds: [wallet.walletId] });
      return attempt;
  }
}
