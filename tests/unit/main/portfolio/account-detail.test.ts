// An account in detail, read with every live update: its figures each time, its owner (which never changes on
// the exchange) once; a failed owner read is asked again next time rather than remembered.
import { describe, expect, it } from 'vitest';
import { accountDetailReader } from '../../../../src/main/portfolio/account-detail';
import type { Account } from '../../../../src/main/exchange/account-model';
import type { WalletInfo } from '../../../../src/main/wallets/wallet-service';

const account = (accountId: number, equity: bigint) =>
  ({
    accountId,
    balances: [],
    margin: {
      equity,
      freeCollateral: equity,
      initialRequirement: 0n,
      maintenanceRequirement: 0n,
      healthBps: null,
    },
    positions: [],
    openOrders: [],
    updateId: 1,
  }) as unknown as Account;

function fixture(ownerFails = 0) {
  const asked = { account: 0, owner: 0 };
  let failures = ownerFails;
  const recorded: [number, bigint][] = [];
  const read = accountDetailReader({
    client: {
      account: async (id) => {
        asked.account += 1;
        return account(id, 100n * BigInt(asked.account));
      },
      accountOwner: async () => {
        asked.owner += 1;
        if (failures-- > 0) throw new Error('the exchange did not answer');
        return 'OwnerKey';
      },
    },
    wallets: { list: () => [{ walletId: 'w1', label: 'Main', publicKey: 'OwnerKey' } as WalletInfo] },
    equity: { record: (id, equity) => void recorded.push([id, equity]) },
  });
  return { asked, read, recorded };
}

describe('an account read in detail', () => {
  it('reads the figures every time and the owner once', async () => {
    const { asked, read, recorded } = fixture();
    const first = await read(4);
    const second = await read(4);
    expect([first.equity, second.equity]).toEqual([100n, 200n]);
    expect(second).toMatchObject({ owner: 'OwnerKey', walletId: 'w1', walletLabel: 'Main' });
    expect(asked).toEqual({ account: 2, owner: 1 });
    expect(recorded).toEqual([
      [4, 100n],
      [4, 200n],
    ]);
  });

  it('asks for the owner again after a failed read of it', async () => {
    const { asked, read } = fixture(1);
    await expect(read(4)).rejects.toThrow('the exchange did not answer');
    await expect(read(4)).resolves.toMatchObject({ owner: 'OwnerKey' });
    expect(asked.owner).toBe(2);
  });
});
