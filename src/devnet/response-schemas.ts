// What each JSON endpoint answers with 200, for /openapi.json: the shared public schemas (the ones the app
// parses with) rendered as OpenAPI 3.0, so the description and the client's reading cannot drift. Routes
// that declare their own `ok` (numbers, text, files) are not listed here.
import { z } from 'zod';
import { AccountJsonSchema } from '../shared/exchange/account';
import { InfoJsonSchema } from '../shared/exchange/info';
import { UserJsonSchema } from '../shared/exchange/user';
import {
  AccountFeeTierPageJsonSchema,
  FeeBracketsJsonSchema,
  MarketHistoryPageJsonSchema,
  MarketLiveJsonSchema,
  MarketStatsJsonSchema,
  OrderbookJsonSchema,
  TokenStatsJsonSchema,
} from '../shared/exchange/markets';
import {
  OrderInfoJsonSchema,
  OrderPageJsonSchema,
  TradePageJsonSchema,
  TradesPageJsonSchema,
} from '../shared/exchange/orders';
import {
  AccountVolumeJsonSchema,
  DepositPageJsonSchema,
  FeeTierHistoryPageJsonSchema,
  FundingPageJsonSchema,
  LiquidationPageJsonSchema,
  PnlPageJsonSchema,
  PnlSummaryJsonSchema,
  PositionHistoryPageJsonSchema,
  PositionSummaryResultJsonSchema,
  TransferPageJsonSchema,
  WithdrawalPageJsonSchema,
} from '../shared/exchange/history';
import {
  ActiveTriggerPageSchema,
  FinaliseTriggerPageSchema,
  PlaceTriggerPageSchema,
  TriggerListSchema,
} from '../shared/exchange/triggers';
import {
  AccountVaultUserStateInfoSchema,
  VaultConfigPageSchema,
  VaultDepositPageSchema,
  VaultEpochPageSchema,
  VaultUserStateSchema,
  VaultViewStateSchema,
  VaultWithdrawalPageSchema,
} from '../shared/exchange/vaults';
import type { Schema } from './http/contract';
import { Num, U64Num, UInt } from '../shared/exchange/json';

const ACCOUNT = '/account/{account_id}';
const HEALTH = z.object({
  status: z.enum(['healthy', 'degraded']),
  version: z.string(),
  services: z.record(z.string(), z.enum(['healthy', 'degraded'])),
});
const BALANCE = z.object({ tokenId: UInt(), token: z.string(), amount: Num });
const STATE_DOWNLOAD_META = z.object({
  hash: z.array(UInt(255)),
  link: z.string(),
  version: z.string().optional(),
});
const VAULT = '/vault/{vault_id}';

const SCHEMAS: Record<string, z.ZodType> = {
  '/info': InfoJsonSchema,
  '/user/{pubkey}': UserJsonSchema,
  [ACCOUNT]: AccountJsonSchema,
  [`${ACCOUNT}/orders`]: OrderPageJsonSchema,
  [`${ACCOUNT}/orders/open`]: z.array(OrderInfoJsonSchema),
  '/order/{order_id}': OrderInfoJsonSchema,
  '/order/{order_id}/trades': TradePageJsonSchema,
  '/trades': TradesPageJsonSchema,
  '/market/{market_id}/orderbook': OrderbookJsonSchema,
  '/market/{market_id}/stats': MarketStatsJsonSchema,
  '/market/{market_id}/live': MarketLiveJsonSchema,
  '/markets/live': z.array(MarketLiveJsonSchema),
  '/market/{market_id}/history/PT1H': MarketHistoryPageJsonSchema,
  '/tokens/{token_id}/stats': TokenStatsJsonSchema,
  '/fee/brackets/info': FeeBracketsJsonSchema,
  '/accounts/fee-tiers': AccountFeeTierPageJsonSchema,
  '/account/volume': AccountVolumeJsonSchema,
  [`${ACCOUNT}/history/deposit`]: DepositPageJsonSchema,
  [`${ACCOUNT}/history/withdrawal`]: WithdrawalPageJsonSchema,
  [`${ACCOUNT}/history/transfer`]: TransferPageJsonSchema,
  '/account/system/history/transfer': TransferPageJsonSchema,
  [`${ACCOUNT}/history/pnl`]: PnlPageJsonSchema,
  [`${ACCOUNT}/history/position`]: PositionHistoryPageJsonSchema,
  [`${ACCOUNT}/history/funding`]: FundingPageJsonSchema,
  [`${ACCOUNT}/history/liquidation`]: LiquidationPageJsonSchema,
  [`${ACCOUNT}/history/fee-tier`]: FeeTierHistoryPageJsonSchema,
  [`${ACCOUNT}/history/vault/deposit`]: VaultDepositPageSchema,
  [`${ACCOUNT}/history/vault/withdrawal`]: VaultWithdrawalPageSchema,
  [`${ACCOUNT}/position/summary`]: PositionSummaryResultJsonSchema,
  [`${ACCOUNT}/pnl/summary`]: PnlSummaryJsonSchema,
  [`${ACCOUNT}/triggers`]: TriggerListSchema,
  '/triggers/active': ActiveTriggerPageSchema,
  [`${ACCOUNT}/triggers/history/placements`]: PlaceTriggerPageSchema,
  [`${ACCOUNT}/triggers/history/finalisations`]: FinaliseTriggerPageSchema,
  '/vaults': z.array(VaultViewStateSchema),
  [VAULT]: VaultViewStateSchema,
  [`${VAULT}/user/{account_id}`]: VaultUserStateSchema,
  [`${ACCOUNT}/vault-user-states`]: z.array(AccountVaultUserStateInfoSchema),
  [`${VAULT}/history/config`]: VaultConfigPageSchema,
  [`${VAULT}/history/deposit`]: VaultDepositPageSchema,
  [`${VAULT}/history/withdrawal`]: VaultWithdrawalPageSchema,
  [`${VAULT}/history/epoch`]: VaultEpochPageSchema,
  '/market/{market_id}/price/prev': z.object({ marketId: UInt(), price: Num.nullable().optional() }),
  '/admin': z.array(z.object({ key: z.string(), roles: z.array(z.string()) })),
  '/live': z.object({ status: z.literal('live') }),
  '/health': HEALTH,
  '/health/{service}': z.object({ service: z.string(), status: z.enum(['healthy', 'degraded']) }),
  [`${ACCOUNT}/pubkey`]: z.string(),
  '/account/system': z.object({ actionId: U64Num, feeVault: z.array(BALANCE), claimVault: z.array(BALANCE) }),
  '/action': z.array(z.object({ actionId: U64Num, physicalTime: z.string(), payload: z.string() })),
  '/state/info': z.object({
    version: z.string(),
    state: z.object({
      version: UInt(0xffff),
      action_id: U64Num,
      action_nonce: U64Num,
      timestamp: U64Num,
      paused: z.boolean(),
    }),
  }),
  '/state/info/hist': z.object({ versions: z.array(z.tuple([U64Num, z.string()])) }),
  '/state/download': STATE_DOWNLOAD_META,
};

const rendered = new Map<string, Schema>();

/** The 200 schema of a GET path, as OpenAPI 3.0; undefined for a path not in the table. */
export function responseSchema(path: string): Schema | undefined {
  const schema = SCHEMAS[path];
  if (!schema) return undefined;
  let out = rendered.get(path);
  if (!out) {
    out = z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'input', unrepresentable: 'any' }) as Schema;
    rendered.set(path, out);
  }
  return out;
}
