// The demo devnet's wallets, imported so that choosing "demo data" shows something at once. Their keys derive
// from public labels (src/protocol/demo-scenario.ts): anyone can recreate them, so they are demo-only and the
// person can remove them under Accounts like any other wallet.
import { demoWallets, loadDemoScenario } from '../../protocol/demo-scenario';
import type { WalletService } from '../wallets/wallet-service';

/** Imports the demo wallets not yet present; returns how many it added. */
export async function importDemoWallets(wallets: WalletService): Promise<number> {
  const present = new Set(wallets.list().map((w) => w.publicKey));
  let added = 0;
  for (const demo of demoWallets(loadDemoScenario())) {
    if (present.has(demo.publicKey)) continue;
    await wallets.import(demo.label, demo.secret);
    added += 1;
  }
  return added;
}
