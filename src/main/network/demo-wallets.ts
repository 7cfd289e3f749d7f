// The demo devnet's wallets, imported so that choosing "demo data" shows something at once. Their keys derive
// from public labels (src/support/demo-scenario.ts): anyone can recreate them, so they belong to the demo
// devnet alone (wallets/ownership.ts): on any other network they are in no list and count as no one's own.
// On the demo devnet the person can remove them under Accounts like any other wallet.
import { demoSessions, demoWallets, loadDemoScenario } from '../../support/demo-scenario';
import type { WalletService } from '../wallets/wallet-service';
import type { AuditLog } from '../audit/audit-log';
import { walletImported } from '../audit/key-events';

/**
 * The session key the demo made for a demo wallet as it played its scenario in (null for any other wallet):
 * a session the person did not make here, but expected, so it is not flagged as a stranger's. Read once.
 */
export function demoSessionLookup(): (walletPublicKey: string) => string | null {
  let sessions: Map<string, string> | undefined;
  return (walletPublicKey) => {
    sessions ??= demoSessions(loadDemoScenario());
    return sessions.get(walletPublicKey) ?? null;
  };
}

/** Imports the demo wallets not yet present, each with its audit line; returns how many it added. */
export async function importDemoWallets(
  wallets: WalletService,
  audit: Pick<AuditLog, 'record'>,
): Promise<number> {
  const present = new Set(wallets.all().map((w) => w.publicKey));
  let added = 0;
  for (const demo of demoWallets(loadDemoScenario())) {
    if (present.has(demo.publicKey)) continue;
    audit.record(walletImported(await wallets.adopt(demo.label, demo.secret, 'demo')));
    added += 1;
  }
  return added;
}
