// Choosing the demo data imports its wallets: each import is a key stored, so each has its audit line.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importDemoWallets } from '../../../../src/main/network/demo-wallets';
import { demoWallets, loadDemoScenario } from '../../../../src/support/demo-scenario';
import { WalletService } from '../../../../src/main/wallets/wallet-service';
import { AppLock } from '../../../../src/main/lock/app-lock';
import { AuditLog } from '../../../../src/main/audit/audit-log';
import { FAST_KDF, MemorySecretStore } from '../../../support/memory-store';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'perpetua-demo-wallets-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it('records each demo wallet it imports, and none it already had', async () => {
  const store = new MemorySecretStore();
  const lock = new AppLock({ store, kdf: FAST_KDF });
  await lock.init();
  await lock.setup('correct horse battery');
  const wallets = new WalletService({ store, lock, dataDir: dir });
  const audit = new AuditLog(join(dir, 'audit.jsonl'));
  const demo = demoWallets(loadDemoScenario());

  expect(await importDemoWallets(wallets, audit)).toBe(demo.length);
  expect(await importDemoWallets(wallets, audit)).toBe(0);
  const lines = audit.list({ kind: 'walletImported', limit: 100 }).entries.reverse();
  expect(lines.map((e) => [e.wallet, e.sentence])).toEqual(
    demo.map((d) => [d.publicKey, `Imported wallet ${d.label} from its secret key`]),
  );
});
