// The Vaults page's method: where each vault's current epoch began is read once while this exchange stays
// connected (it never changes once the epoch has begun), not on every refresh of the page.
import { describe, expect, it } from 'vitest';
import { createVaults, type VaultsDeps } from '../../../../src/main/vaults/slice';

type Vault = Awaited<ReturnType<VaultsDeps['client']['vaults']>>[number];

const VAULT: Vault = {
  vaultId: 1,
  name: 'Basis',
  marketId: 0,
  vaultAccountId: 9,
  quoteTokenId: 0,
  totalShares: 1_000_000n,
  equity: 1_100_000n,
  navPerShare: 1_100_000n,
  navDecimals: 6,
  netDeposits: 1_000_000n,
  pnl: 100_000n,
  epoch: 0,
  epochSeconds: 3_600,
  epochEnd: 1_800_003_600,
  pendingWithdrawalShares: 0n,
  claimReserve: 0n,
  createdAt: 1_800_000_000,
  updateId: 1,
};

function exchange() {
  const reads: string[] = [];
  const client: VaultsDeps['client'] = {
    vaults: async () => [VAULT],
    walletAccounts: async () => [],
    vaultHoldings: async () => [],
    // no epoch has ended: the epoch began with the vault's first deposit, at a NAV of 1
    vaultEpochs: async () => (reads.push('epochs'), { items: [], nextStartInclusive: null }),
    vaultFirstDeposit: async () => (
      reads.push('first deposit'),
      { time: 1_800_000_000, navPerShare: 1_000_000n, pnl: 0n }
    ),
  };
  return {
    reads,
    deps: {
      client,
      clock: { seconds: async () => 1_800_000_100n },
      wallets: { list: () => [] },
    } satisfies VaultsDeps,
  };
}

describe('the Vaults page', () => {
  it("reads where each vault's epoch began once while connected, and shows how it has done since", async () => {
    const { reads, deps } = exchange();
    const { handlers } = createVaults(deps);
    const first = await handlers.get(undefined);
    expect(reads).toEqual(['epochs', 'epochs', 'first deposit']);
    expect(first.now).toBe(1_800_000_100);
    expect(first.vaults[0]!.thisEpoch).toMatchObject({
      sinceVaultStart: true,
      pnl: 100_000n,
      navChange: 100_000n,
    });
    await handlers.get(undefined);
    expect(reads).toHaveLength(3);
    // another connection's page reads it again
    await createVaults(deps).handlers.get(undefined);
    expect(reads).toHaveLength(6);
  });
});
