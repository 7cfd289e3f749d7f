// The wallet methods: every step that shows, stores, exports or removes a key has its audit line, named
// with the wallet as it was at that moment; a step the wallet service refuses (a wrong passphrase) has none,
// and an export the log cannot record does not hand the key over.
import { describe, expect, it } from 'vitest';
import { createWallets, type WalletsDeps } from '../../../../src/main/wallets/slice';
import type { KeyEvent } from '../../../../src/main/audit/key-events';
import type { WalletInfo } from '../../../../src/main/wallets/wallet-service';
import { AppFailure } from '../../../../src/shared/result';

const PASSPHRASE = 'the right passphrase';
const W1: WalletInfo = { walletId: 'w1', label: 'One', publicKey: 'PK1', createdAt: 1 };

function wallets(audit: WalletsDeps['audit'] | null = null) {
  const held = new Map<string, WalletInfo>([['w1', W1]]);
  const check = async (passphrase: string) => {
    if (passphrase !== PASSPHRASE) throw new AppFailure('LOCKED', 'That passphrase is not right.');
  };
  const get = (walletId: string): WalletInfo => {
    const wallet = held.get(walletId);
    if (!wallet) throw new AppFailure('NOT_FOUND', 'No such wallet.');
    return wallet;
  };
  const service: WalletsDeps['wallets'] = {
    list: () => [...held.values()],
    get,
    create: async (label, passphrase) => {
      await check(passphrase);
      return { pendingId: 'p1', publicKey: 'PK2', secretKey: 'SECRET2', confirmCharacters: 4 };
    },
    confirmBackup: async () => {
      const wallet = { walletId: 'w2', label: 'Two', publicKey: 'PK2', createdAt: 2 };
      held.set(wallet.walletId, wallet);
      return wallet;
    },
    import: async (label, _secret, passphrase) => {
      await check(passphrase);
      const wallet = { walletId: 'w3', label: label.trim(), publicKey: 'PK3', createdAt: 3 };
      held.set(wallet.walletId, wallet);
      return wallet;
    },
    rename: (walletId, label) => {
      const wallet = { ...get(walletId), label };
      held.set(walletId, wallet);
      return wallet;
    },
    remove: async (walletId, _confirm, passphrase) => {
      await check(passphrase);
      held.delete(walletId);
    },
    export: async (walletId, passphrase) => {
      await check(passphrase);
      return { publicKey: get(walletId).publicKey, secretKey: 'SECRET' };
    },
  };
  const lines: KeyEvent[] = [];
  const recording: WalletsDeps['audit'] = { record: (event) => void lines.push(event) };
  const { handlers } = createWallets({ wallets: service, audit: audit ?? recording });
  const said = () => lines.map((l) => [l.kind, l.wallet?.publicKey, l.wallet?.label]);
  return { handlers, held, said };
}

describe('the wallet methods', () => {
  it('import refuses without the passphrase, and then writes no line; with it, one line names the wallet', async () => {
    const { handlers, held, said } = wallets();
    await expect(
      handlers.import({ label: 'Three', secret: 'SECRET3', passphrase: 'wrong' }),
    ).rejects.toMatchObject({ code: 'LOCKED' });
    expect(held.has('w3')).toBe(false);
    expect(said()).toEqual([]);
    expect(
      await handlers.import({ label: 'Three', secret: 'SECRET3', passphrase: PASSPHRASE }),
    ).toMatchObject({
      walletId: 'w3',
    });
    expect(said()).toEqual([['walletImported', 'PK3', 'Three']]);
  });

  it('a new key shown is a line with the label as typed, trimmed; its backup confirmed is another', async () => {
    const { handlers, said } = wallets();
    const shown = await handlers.create({ label: '  Two ', passphrase: PASSPHRASE });
    expect(shown.secretKey).toBe('SECRET2');
    await handlers.confirmBackup({ pendingId: shown.pendingId, confirmation: 'RET2' });
    expect(said()).toEqual([
      ['walletKeyShown', 'PK2', 'Two'],
      ['walletCreated', 'PK2', 'Two'],
    ]);
  });

  it('a removed wallet is named in its line as it was before it went; a refused removal writes none', async () => {
    const { handlers, held, said } = wallets();
    await expect(
      handlers.remove({ walletId: 'w1', confirmPublicKey: 'PK1', passphrase: 'wrong' }),
    ).rejects.toThrow();
    expect(said()).toEqual([]);
    expect(
      await handlers.remove({ walletId: 'w1', confirmPublicKey: 'PK1', passphrase: PASSPHRASE }),
    ).toEqual({
      done: true,
    });
    expect(held.has('w1')).toBe(false);
    expect(said()).toEqual([['walletRemoved', 'PK1', 'One']]);
  });

  it('an export is written down before the key is handed over, with the label of now', async () => {
    const { handlers, said } = wallets();
    await handlers.rename({ walletId: 'w1', label: 'Renamed' });
    expect(await handlers.export({ walletId: 'w1', passphrase: PASSPHRASE })).toEqual({
      publicKey: 'PK1',
      secretKey: 'SECRET',
    });
    expect(said()).toEqual([['walletExported', 'PK1', 'Renamed']]);
  });

  it('an export the audit log cannot record does not happen', async () => {
    const full: WalletsDeps['audit'] = {
      record: () => {
        throw new AppFailure('STORAGE_UNAVAILABLE', 'The disk is full.');
      },
    };
    const { handlers } = wallets(full);
    await expect(handlers.export({ walletId: 'w1', passphrase: PASSPHRASE })).rejects.toMatchObject({
      code: 'STORAGE_UNAVAILABLE',
    });
  });
});
