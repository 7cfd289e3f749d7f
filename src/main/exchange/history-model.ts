// Account history pages as the screens get them (the contract's HistoryPage): the exchange's public rows
// with amounts, prices and sizes scaled exactly to bigint. Fields the public rows lack (a deposit's chain
// transaction, a withdrawal's settlement status) come from the devnet's extra fields when present and are
// null otherwise, so the app reads a public engine's history too.
import type { z } from 'zod';
import { HISTORY_PAGE_SCHEMAS, type HistoryKind } from '../../shared/exchange/history';
import type { HistoryPage } from '../../shared/ipc/history';
import type { Scaler } from './scale';

type JsonPage<K extends HistoryKind> = z.output<(typeof HISTORY_PAGE_SCHEMAS)[K]>;

const cursor = (page: { nextStartInclusive?: string | null | undefined }) =>
  page.nextStartInclusive ? { nextStartInclusive: page.nextStartInclusive } : {};

export function historyFromJson<K extends HistoryKind>(
  kind: K,
  json: JsonPage<K>,
  s: Scaler,
): Extract<HistoryPage, { kind: K }> {
  return pageOf(kind, json as JsonPage<HistoryKind>, s) as Extract<HistoryPage, { kind: K }>;
}

function pageOf(kind: HistoryKind, page: JsonPage<HistoryKind>, s: Scaler): HistoryPage {
  // the compiler cannot narrow a generic page by its kind; each case reads the page its schema parsed
  switch (kind) {
    case 'deposit': {
      const p = page as JsonPage<'deposit'>;
      return {
        kind,
        ...cursor(p),
        items: p.items.map((r) => ({
          id: String(r.eventIndex),
          time: r.time,
          accountId: r.accountId,
          tokenId: r.tokenId,
          amount: s.token(r.amount, r.tokenId, 'a deposit amount'),
          chainTxId: r.chainTxId ?? null,
          from: r.sender ?? null,
        })),
      };
    }
    case 'withdrawal': {
      const p = page as JsonPage<'withdrawal'>;
      return {
        kind,
        ...cursor(p),
        items: p.items.map((r) => ({
          id: r.actionId.toString(),
          actionId: r.actionId.toString(),
          time: r.time,
          accountId: r.accountId,
          tokenId: r.tokenId,
          amount: s.token(r.amount, r.tokenId, 'a withdrawal amount'),
          fee: s.token(r.fee, r.tokenId, 'a withdrawal fee'),
          destination: r.destPubkey ?? null,
          eventNonce: r.eventNonce?.toString() ?? null,
          status: r.status ?? null,
          chainTxId: r.chainTxId ?? null,
        })),
      };
    }
    case 'transfer': {
      const p = page as JsonPage<'transfer'>;
      return {
        kind,
        ...cursor(p),
        items: p.items.map((r) => ({
          id: `${r.actionId}:${r.direction}`,
          actionId: r.actionId.toString(),
          time: r.time,
          fromAccountId: r.fromAccountId,
          toAccountId: r.toAccountId,
          tokenId: r.tokenId,
          amount: s.token(r.amount, r.tokenId, 'a transfer amount'),
          direction: r.direction,
          accountCreated: r.accountCreated,
        })),
      };
    }
    case 'pnl': {
      const p = page as JsonPage<'pnl'>;
      return {
        kind,
        ...cursor(p),
        items: p.items.map((r) => ({
          cursor: r.cursor ?? r.actionId.toString(),
          actionId: r.actionId.toString(),
          subActionId: r.subActionId ?? 0,
          marketId: r.marketId ?? null,
          time: r.time,
          tradingPnl: s.quote(r.pricePnlDelta, 'pricePnlDelta'),
          fee: r.fee === undefined ? null : s.quote(r.fee, 'a fee'),
        })),
      };
    }
    case 'position': {
      const p = page as JsonPage<'position'>;
      return {
        kind,
        ...cursor(p),
        items: p.items.map((r) => ({
          cursor: r.cursor,
          actionId: r.actionId.toString(),
          subActionId: r.subActionId,
          marketId: r.marketId,
          time: r.time,
          sizeBefore: s.size(r.sizeBefore, r.marketId, 'sizeBefore'),
          sizeAfter: s.size(r.sizeAfter, r.marketId, 'sizeAfter'),
          price: s.price(r.price, r.marketId, 'a price'),
          entryPrice: s.price(r.entryPrice, r.marketId, 'an entry price'),
          reason: r.reason,
        })),
      };
    }
    case 'funding': {
      const p = page as JsonPage<'funding'>;
      return {
        kind,
        ...cursor(p),
        items: p.items.map((r) => {
          const marketId = r.market.market_id;
          const size = r.fundingSize ? s.size(r.fundingSize, marketId, 'fundingSize') : 0n;
          return {
            id: `${r.time}:${marketId}`,
            time: r.time,
            marketId,
            size: r.side === 'ask' ? -size : size,
            payment: s.quote(r.fundingPnl, 'fundingPnl'),
          };
        }),
      };
    }
    case 'liquidation': {
      const p = page as JsonPage<'liquidation'>;
      return {
        kind,
        ...cursor(p),
        items: p.items.map((r) => {
          const marketId = r.marketId ?? null;
          const inMarket = (text: string | null | undefined, what: 'price' | 'size') =>
            marketId === null || text == null ? null : s[what](text, marketId, `an order ${what}`);
          return {
            id: `${r.actionId}:${marketId ?? ''}`,
            actionId: r.actionId.toString(),
            time: r.time,
            marketId,
            size: inMarket(r.orderSize, 'size'),
            price: inMarket(r.orderPrice, 'price'),
            equityBefore: s.quote(r.preMf, 'preMf'),
            maintenanceBefore: s.quote(r.preMmf, 'preMmf'),
          };
        }),
      };
    }
    case 'fee-tier': {
      const p = page as JsonPage<'fee-tier'>;
      return {
        kind,
        ...cursor(p),
        items: p.items.map((r) => ({
          id: `${r.time}:${r.toTier}`,
          time: r.time,
          fromTier: r.fromTier,
          toTier: r.toTier,
          volume30d: s.quote(r.volume30d, 'volume30d'),
        })),
      };
    }
    case 'vault/deposit': {
      const p = page as JsonPage<'vault/deposit'>;
      return {
        kind,
        ...cursor(p),
        items: p.items.map((r) => ({
          id: r.id.toString(),
          actionId: r.actionId?.toString() ?? null,
          time: r.time,
          vaultId: r.vaultId,
          amount: s.quote(r.amount, 'a vault deposit amount'),
          shares: s.quote(r.shares, 'vault shares'),
        })),
      };
    }
    case 'vault/withdrawal': {
      const p = page as JsonPage<'vault/withdrawal'>;
      return {
        kind,
        ...cursor(p),
        items: p.items.map((r) => ({
          id: r.id.toString(),
          actionId: r.actionId.toString(),
          time: r.time,
          vaultId: r.vaultId,
          type: r.type,
          shares: s.quote(r.shares, 'vault shares'),
          amount: s.quote(r.amount, 'a vault withdrawal amount'),
          epoch: r.epoch,
        })),
      };
    }
  }
}
