// Every exchange endpoint the app uses, typed and parsed with the shared schemas. A malformed or hostile
// answer is an EXCHANGE_BAD_RESPONSE, never a crash. POST /action is never retried here: whether a lost
// answer means "not executed" is for the nonce journal to settle.
import { z } from 'zod';
import { MarketsInfoSchema, TimestampSchema } from '../../shared/exchange/info';
import { UserSchema, type User } from '../../shared/exchange/user';
import { AccountSchema } from '../../shared/exchange/account';
import {
  DepositPageSchema,
  FeeTierPageSchema,
  FundingPageSchema,
  LiquidationPageSchema,
  PnlPageSchema,
  PnlSummarySchema,
  PositionPageSchema,
  TransferPageSchema,
  WithdrawalPageSchema,
} from '../../shared/exchange/history';
import { SettlementDepositSchema, SettlementVaultsSchema } from '../../shared/exchange/settlement';
import {
  AccountVaultUserStateInfoSchema,
  VaultDepositPageSchema,
  VaultViewStateSchema,
  VaultWithdrawalPageSchema,
} from '../../shared/exchange/vaults';
import { FinaliseTriggerPageSchema, TriggerListSchema } from '../../shared/exchange/triggers';
import { U64String } from '../../shared/exchange/wire';
import { scaledFromJsonNumber } from '../../shared/money';
import { AppFailure } from '../../shared/result';
import type { HttpClient } from './http-client';

const ActionItemSchema = z.object({
  actionId: U64String,
  time: z.number(),
  signer: z.string(),
  nonce: z.number(),
  kind: z.string(),
  receipt: z.unknown(),
});

const HISTORY_SCHEMAS = {
  deposit: DepositPageSchema,
  withdrawal: WithdrawalPageSchema,
  transfer: TransferPageSchema,
  pnl: PnlPageSchema,
  position: PositionPageSchema,
  funding: FundingPageSchema,
  liquidation: LiquidationPageSchema,
  'fee-tier': FeeTierPageSchema,
  'vault/deposit': VaultDepositPageSchema,
  'vault/withdrawal': VaultWithdrawalPageSchema,
} as const;
export type HistoryKind = keyof typeof HISTORY_SCHEMAS;

export function createExchangeClient(http: HttpClient) {
  const notFoundAsNull = async <T>(fn: () => Promise<T>): Promise<T | null> => {
    try {
      return await fn();
    } catch (error) {
      if (error instanceof AppFailure && error.code === 'NOT_FOUND') return null;
      throw error;
    }
  };

  return {
    baseUrl: http.baseUrl,
    info: () => http.getJson('/info', MarketsInfoSchema),
    timestamp: () => http.getJson('/timestamp', TimestampSchema),
    schemaProto: () => http.getText('/schema.proto'),
    /** null when the exchange does not know the wallet yet (no deposit so far) */
    user: (pubkey: string): Promise<User | null> =>
      notFoundAsNull(() => http.getJson(`/user/${encodeURIComponent(pubkey)}`, UserSchema)),
    account: (accountId: number) => http.getJson(`/account/${accountId}`, AccountSchema),
    accountExists: async (accountId: number) =>
      (await notFoundAsNull(() => http.getJson(`/account/${accountId}/pubkey`, z.string()))) !== null,
    /**
     * In scaled units of the quote token (or of `token` when given: the fee a withdrawal of that token is
     * charged), converted exactly from the interface's double.
     */
    withdrawalFee: async (accountId: number, decimals: number, token?: number) => {
      const fee = await http.getJson(
        `/account/${accountId}/fees/withdrawal`,
        z.number().min(0),
        token === undefined ? undefined : { tokenId: String(token) },
      );
      try {
        return scaledFromJsonNumber(fee, decimals);
      } catch {
        throw new AppFailure(
          'EXCHANGE_BAD_RESPONSE',
          'The exchange stated a withdrawal fee with more precision than its token has.',
        );
      }
    },
    history: <K extends HistoryKind>(
      accountId: number,
      kind: K,
      query: { startInclusive?: string; pageSize?: number } = {},
    ): Promise<z.output<(typeof HISTORY_SCHEMAS)[K]>> =>
      // the compiler cannot follow a schema picked by a generic key; the table above pairs them
      http.getJson(`/account/${accountId}/history/${kind}`, HISTORY_SCHEMAS[kind], query) as Promise<
        z.output<(typeof HISTORY_SCHEMAS)[K]>
      >,
    /** cumulative realized PnL (trading, funding, fees) over a window, with its running series */
    pnlSummary: (accountId: number, query: { since?: string; until?: string } = {}) =>
      http.getJson(`/account/${accountId}/pnl/summary`, PnlSummarySchema, query),
    vaults: () => http.getJson('/vaults', z.array(VaultViewStateSchema)),
    vault: (vaultId: number) => http.getJson(`/vault/${vaultId}`, VaultViewStateSchema),
    /** the account's holdings in every vault it has used */
    vaultHoldings: (accountId: number) =>
      http.getJson(`/account/${accountId}/vault-user-states`, z.array(AccountVaultUserStateInfoSchema)),
    /** the account's active triggers */
    triggers: (accountId: number) => http.getJson(`/account/${accountId}/triggers`, TriggerListSchema),
    triggerFinalisations: (accountId: number, query: { startInclusive?: string; pageSize?: number } = {}) =>
      http.getJson(`/account/${accountId}/triggers/history/finalisations`, FinaliseTriggerPageSchema, query),
    /** the signer's highest accepted nonce (0 if none) */
    signerNonce: async (signer: string) =>
      Number(await http.getJson('/event/last-acked-nonce', U64String, { signer })),
    lastAckedEvent: () => http.getJson('/event/last-acked-nonce', U64String),
    lastExecutedId: () => notFoundAsNull(() => http.getJson('/action/last-executed-id', U64String)),
    actions: (from: bigint, to: bigint) =>
      http.getJson('/action', z.array(ActionItemSchema), { from: from.toString(), to: to.toString() }),
    submit: (body: Uint8Array) => http.postBytes('/action', body),
    /** the exchange's deposit vault token account per token */
    settlementVaults: () => http.getJson('/settlement/vaults', SettlementVaultsSchema),
    /** what the exchange made of a deposit transaction; null while it has not seen it */
    settlementDeposit: (signature: string) =>
      notFoundAsNull(() =>
        http.getJson(
          `/settlement/deposit/${encodeURIComponent(signature)}`,
          z.array(SettlementDepositSchema).min(1),
        ),
      ),
  };
}

export type ExchangeClient = ReturnType<typeof createExchangeClient>;
