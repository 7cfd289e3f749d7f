// The wallet methods of the contract over the wallet service: every step that shows, stores, exports or
// removes a key has its line in the audit log.
import type { Handlers } from '../../shared/ipc/contract';
import type { AuditLog } from '../audit/audit-log';
import {
  walletCreated,
  walletExported,
  walletImported,
  walletKeyShown,
  walletRemoved,
} from '../audit/key-events';
import type { WalletService } from './wallet-service';

export interface WalletsDeps {
  wallets: Pick<
    WalletService,
    'list' | 'get' | 'create' | 'confirmBackup' | 'import' | 'rename' | 'remove' | 'export'
  >;
  audit: Pick<AuditLog, 'record'>;
}

export function createWallets({ wallets, audit }: WalletsDeps): { handlers: Handlers['wallets'] } {
  return {
    handlers: {
      list: async () => wallets.list(),
      create: async ({ label, passphrase }) => {
        const shown = await wallets.create(label, passphrase);
        audit.record(walletKeyShown({ publicKey: shown.publicKey, label: label.trim() }));
        return shown;
      },
      confirmBackup: async ({ pendingId, confirmation }) => {
        const wallet = await wallets.confirmBackup(pendingId, confirmation);
        audit.record(walletCreated(wallet));
        return wallet;
      },
      import: async ({ label, secret, passphrase }) => {
        const wallet = await wallets.import(label, secret, passphrase);
        audit.record(walletImported(wallet));
        return wallet;
      },
      rename: async ({ walletId, label }) => wallets.rename(walletId, label),
      remove: async ({ walletId, confirmPublicKey, passphrase }) => {
        const wallet = wallets.get(walletId);
        await wallets.remove(walletId, confirmPublicKey, passphrase);
        audit.record(walletRemoved(wallet));
        return { done: true as const };
      },
      export: async ({ walletId, passphrase }) => {
        const exported = await wallets.export(walletId, passphrase);
        // written before the key is handed over: an export the log cannot record does not happen
        audit.record(walletExported(wallets.get(walletId)));
        return exported;
      },
    },
  };
}
