// The funds methods of the contract, over the exchange connected now: the faucet, balances on the chain,
// deposits, the withdrawal fee, and what a withdrawal's destination is to the person.
import type { Handlers } from '../../shared/ipc/contract';
import type { MarketsInfo } from '../../shared/exchange/info';
import { withdrawalFee } from '../actions/withdrawal-fee';
import type { AddressBook } from '../address-book';
import type { ExchangeClient } from '../exchange/exchange-client';
import type { Ownership } from '../wallets/ownership';
import type { WalletInfo } from '../wallets/wallet-service';
import type { Funds } from './funds';

export interface FundsDeps {
  funds: Pick<Funds, 'faucet' | 'chainBalances' | 'chainUpdates' | 'deposit' | 'list'>;
  client: Pick<ExchangeClient, 'withdrawalFee'>;
  info(): Promise<MarketsInfo>;
  addressBook: Pick<AddressBook, 'usedDestination'>;
  ownership: Pick<Ownership<WalletInfo>, 'addressOwner'>;
}

export function createFunds(deps: FundsDeps): { handlers: Handlers['funds'] } {
  const { funds } = deps;
  return {
    handlers: {
      faucet: async ({ walletId, tokenId, amount }) => {
        await funds.faucet(walletId, tokenId, amount);
        return { done: true as const };
      },
      chainBalances: ({ walletId }) => funds.chainBalances(walletId),
      chainUpdates: () => funds.chainUpdates(),
      deposit: ({ walletId, tokenId, amount, accountId }) =>
        funds.deposit(walletId, tokenId, amount, accountId),
      deposits: async () => funds.list(),
      withdrawalFee: async ({ accountId, tokenId }) => {
        const info = await deps.info();
        const token = tokenId ?? info.quoteTokenId;
        return { tokenId: token, fee: await withdrawalFee(deps.client, info, accountId, token) };
      },
      // read while the Withdraw form is typed in, so it is not activity
      checkDestination: async ({ address }) => ({
        usedBefore: deps.addressBook.usedDestination(address.trim()),
        ownWalletId: deps.ownership.addressOwner(address)?.walletId ?? null,
      }),
    },
  };
}
