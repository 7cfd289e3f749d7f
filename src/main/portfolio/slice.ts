// The portfolio and history methods of the contract, over the exchange connected now: the portfolio as the
// screens show it (portfolio.ts), one account in detail, the market figures, an account looked up by id,
// and pages of an account's history.
import type { Handlers } from '../../shared/ipc/contract';
import type { UnlockPortfolio } from '../lock/slice';
import type { MarketsInfo } from '../../shared/exchange/info';
import type { AddressBook } from '../address-book';
import type { EngineClock } from '../exchange/engine-clock';
import type { ExchangeClient } from '../exchange/exchange-client';
import type { Ownership } from '../wallets/ownership';
import type { WalletInfo } from '../wallets/wallet-service';
import type { AccountDetail } from './account-detail';
import type { FreshAccountReads } from './fresh-reads';
import { historyPage } from './history';
import { marketStatsView, type MarketReads } from './market-stats';
import {
  followAccounts,
  portfolio,
  portfolioHistory,
  prefetchPortfolio,
  type PortfolioReads,
} from './portfolio';

export interface PortfolioDeps extends PortfolioReads {
  client: PortfolioReads['client'] & MarketReads & Pick<ExchangeClient, 'accountExists' | 'user'>;
  accountReads: Pick<FreshAccountReads<AccountDetail>, 'read'>;
  ownership: Pick<Ownership<WalletInfo>, 'accountOwner'>;
  addressBook: Pick<AddressBook, 'usedRecipient'>;
  info(): Promise<MarketsInfo>;
}

export function createPortfolio(deps: PortfolioDeps): {
  handlers: Handlers['portfolio'];
  unlock: UnlockPortfolio;
  /** follows the wallets' accounts without showing them (the app is locked: see follow-locked.ts) */
  follow(): Promise<void>;
} {
  const { client } = deps;
  return {
    handlers: {
      get: () => portfolio(deps),
      history: (args) => portfolioHistory(deps, args?.accountId),
      account: ({ accountId }) => deps.accountReads.read(accountId),
      marketStats: async () => marketStatsView(client, await deps.info()),
      lookupAccount: async ({ accountId }) => {
        const [exists, owner] = await Promise.all([
          client.accountExists(accountId),
          deps.ownership.accountOwner(accountId),
        ]);
        return {
          exists,
          ownWalletId: owner?.walletId ?? null,
          sentBefore: deps.addressBook.usedRecipient(accountId),
        };
      },
      accountsOf: async ({ address }) => ({ accountIds: (await client.user(address))?.accountIds ?? [] }),
    },
    unlock: {
      prefetch: () => prefetchPortfolio(deps),
      show: (read) => portfolio(deps, read),
    },
    follow: () => followAccounts(deps),
  };
}

export interface HistoryDeps {
  client: Pick<ExchangeClient, 'history'>;
  clock: Pick<EngineClock, 'seconds'>;
}

export function createHistory({ client, clock }: HistoryDeps): { handlers: Handlers['history'] } {
  return {
    handlers: {
      page: ({ accountId, kind, startInclusive, pageSize, since, until }) =>
        historyPage(client, clock, accountId, kind, {
          ...(startInclusive ? { startInclusive } : {}),
          ...(pageSize ? { pageSize } : {}),
          ...(since !== undefined ? { since } : {}),
          ...(until !== undefined ? { until } : {}),
        }),
      now: async () => ({ seconds: Number(await clock.seconds()) }),
    },
  };
}
