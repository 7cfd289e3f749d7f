// The whole app path per action, as the renderer drives it: actions.prepare (intent checked, canonical action
// built, confirmation summary) then actions.confirm (session key read from the secret store, nonce reserved
// and the signed body journalled with fsync, POST /action to a devnet on loopback, receipt decoded, audit
// line written). One signer, so actions go one after another, as they do for a person.
// `npx tsx bench/app-actions.ts`; under scripts/with-keyring.sh the secret store is the real OS keychain,
// otherwise an in-memory one (the table says which).
import { startDevnet } from '../src/devnet/server';
import { PASSPHRASE, startApp } from '../tests/integration/support/app';
import { newAccount } from '../tests/support/action-lines';
import { percentile, reportGoals } from './report';

const COUNT = Number(process.env.BENCH_APP_ACTIONS ?? 400);
const USDC = 0;

const devnet = await startDevnet({ config: { depositDelayMs: 0 } });
// the faucet and deposits go through the settlement chain, so the app is given the devnet's Solana RPC too
const app = await startApp({ baseUrl: devnet.baseUrl, rpcUrl: devnet.rpcUrl });
const store = process.env.PERPETUA_KEYRING_TEST === '1' ? 'OS keychain' : 'in-memory secret store';
try {
  await app.ok('lock.setup', { passphrase: PASSPHRASE });
  const pending = await app.ok('wallets.create', { label: 'Bench', passphrase: PASSPHRASE });
  const { walletId } = await app.ok('wallets.confirmBackup', {
    pendingId: pending.pendingId,
    confirmation: pending.secretKey.slice(-6),
  });
  await app.ok('funds.faucet', { walletId, tokenId: USDC, amount: 1_000_000_000n });
  await app.ok('funds.deposit', { walletId, tokenId: USDC, amount: 1_000_000_000n });
  devnet.tick();
  await app.ok('sessions.create', { walletId, label: 'Bench' });
  const [account] = (await app.ok('portfolio.get')).wallets[0]!.accounts;
  const from = account!.accountId;
  const first = await app.ok('actions.prepare', {
    kind: 'transfer',
    walletId,
    fromAccountId: from,
    tokenId: USDC,
    amount: 1n,
  });
  const to = newAccount(await app.ok('actions.confirm', { confirmationId: first.confirmationId }));

  const transfer = async () => {
    const summary = await app.ok('actions.prepare', {
      kind: 'transfer',
      walletId,
      fromAccountId: from,
      tokenId: USDC,
      amount: 1n,
      toAccountId: to,
    });
    await app.ok('actions.confirm', { confirmationId: summary.confirmationId });
  };
  for (let i = 0; i < 20; i += 1) await transfer(); // warm up

  const latencies: number[] = [];
  const start = process.hrtime.bigint();
  for (let i = 0; i < COUNT; i += 1) {
    const t = process.hrtime.bigint();
    await transfer();
    latencies.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const P50_GOAL_MS = 20;
  const p50 = percentile(latencies, 0.5);
  const at = (q: number) => Number(percentile(latencies, q).toFixed(1));
  reportGoals(
    'app-actions',
    [
      {
        measure: `transfer: prepare + confirm through the app core (${store}), p50`,
        value: at(0.5),
        unit: 'ms',
        goal: `< ${P50_GOAL_MS}`,
        met: p50 < P50_GOAL_MS,
      },
      { measure: 'the same, p95', value: at(0.95), unit: 'ms', goal: '-', met: true },
      {
        measure: 'actions per second, one after another',
        value: Math.round(COUNT / seconds),
        unit: 'actions/s',
        goal: '-',
        met: true,
      },
    ],
    { store, count: COUNT, latencyMs: { p50: at(0.5), p95: at(0.95), p99: at(0.99) } },
  );
} finally {
  await app.close();
  await devnet.close();
}
