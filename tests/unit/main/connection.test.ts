// One exchange's connection, made over the person's real stores on a temporary folder and an exchange that
// answers only what the test says: the folders holding some network's sessions are found (a removed wallet's
// session keys leave every one of them), and the exchange's schema is loaded once, a failed load not kept.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection, networkDirs, type ConnectionDeps } from '../../../src/main/connection';
import type { FetchLike } from '../../../src/main/exchange/http-client';
import { AppLock } from '../../../src/main/lock/app-lock';
import { SealedStore } from '../../../src/main/keychain/sealed-store';
import { AuditLog } from '../../../src/main/audit/audit-log';
import { WalletService } from '../../../src/main/wallets/wallet-service';
import { CompromisedWallets } from '../../../src/main/wallets/compromised-wallets';
import { AddressBook } from '../../../src/main/address-book';
import { FAST_KDF, MemorySecretStore } from '../../support/memory-store';

const BASE_URL = 'http://exchange.test';
let dataDir: string;
beforeEach(() => (dataDir = mkdtempSync(join(tmpdir(), 'perpetua-connection-'))));
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the folders holding sessions', () => {
  it("are the app folder and each network's folder that has a sessions file", () => {
    expect(networkDirs(dataDir)).toEqual([]);
    writeFileSync(join(dataDir, 'sessions.json'), '{}');
    for (const name of ['embedded-devnet-demo', 'custom-1', 'custom-2'])
      mkdirSync(join(dataDir, 'networks', name), { recursive: true });
    writeFileSync(join(dataDir, 'networks', 'custom-2', 'sessions.json'), '{}');
    expect(networkDirs(dataDir)).toEqual([dataDir, join(dataDir, 'networks', 'custom-2')]);
  });
});

describe("a connection's schema", () => {
  it('is loaded from the exchange once; a failed load is tried again at the next need', async () => {
    const proto = readFileSync(join(__dirname, '../../../proto/perpetua.proto'), 'utf8');
    const asked: string[] = [];
    let answers = false;
    const fetchImpl: FetchLike = async (url) => {
      asked.push(new URL(url).pathname);
      const body = new TextEncoder().encode(answers ? proto : 'not now');
      return {
        status: answers ? 200 : 503,
        headers: { get: () => null },
        arrayBuffer: async () => body.buffer,
      };
    };
    const store = new MemorySecretStore();
    const secrets = new SealedStore(store);
    const audit = new AuditLog(join(dataDir, 'audit.jsonl'));
    const lock = new AppLock({ store, secrets, audit, kdf: FAST_KDF });
    const deps: ConnectionDeps = {
      lock,
      wallets: new WalletService({ store: secrets, lock, dataDir }),
      secrets,
      audit,
      compromised: new CompromisedWallets(dataDir),
      addressBook: new AddressBook(dataDir),
      settings: { accountNames: () => [] },
      demoSessionOf: () => null,
      fetchImpl,
      watchStrangers: false,
    };
    const networkDir = join(dataDir, 'networks', 'custom-1');
    mkdirSync(networkDir, { recursive: true });
    const connection = createConnection(deps, {
      baseUrl: BASE_URL,
      network: 'custom',
      networkDir,
      solanaRpcUrl: null,
    });
    try {
      await expect(connection.schema()).rejects.toThrow();
      answers = true;
      const schema = await connection.schema();
      expect(await connection.schema()).toBe(schema);
      expect(asked.filter((p) => p === '/schema.proto')).toHaveLength(2);
    } finally {
      connection.close();
    }
  });
});
