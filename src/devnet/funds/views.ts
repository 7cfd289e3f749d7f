// The funds history rows (DepositInfo, WithdrawalInfo, transfer rows) and the system account as the public
// engine writes them, in human units.
import type { DevnetConfig } from '../config';
import type { WireDepositInfo, WireTransferRow, WireWithdrawalInfo } from '../../shared/exchange/history';
import { claimVaultBalances } from '../vaults/state';
import { time, unitsOf } from '../json';
import type { DepositRecord, TransferRecord, WithdrawalRecord } from './state';
import type { EngineState } from '../state';

export function fundsViews(config: DevnetConfig) {
  const u = unitsOf(config);
  const deposit = (r: DepositRecord): WireDepositInfo => ({
    time: time(r.time),
    // a deposit is a settlement event, not an action: it has no action id of its own
    actionId: '0',
    accountId: r.accountId,
    tokenId: r.tokenId,
    amount: u.token(r.amount, r.tokenId),
    balance: u.token(r.balance, r.tokenId),
    eventIndex: Number(r.id),
    chainTxId: r.chainTxId,
    sender: r.from,
  });
  const withdrawal = (r: WithdrawalRecord): WireWithdrawalInfo => ({
    time: time(r.time),
    actionId: r.actionId.toString(),
    accountId: r.accountId,
    tokenId: r.tokenId,
    amount: u.token(r.amount, r.tokenId),
    balance: u.token(r.balance, r.tokenId),
    fee: u.token(r.fee, r.tokenId),
    destPubkey: r.destination,
    eventNonce: r.eventNonce.toString(),
    status: r.status,
    ...(r.chainTxId ? { chainTxId: r.chainTxId } : {}),
  });
  /** a transfer as seen from one account: sent or received */
  const transfer =
    (accountId: number) =>
    (r: TransferRecord): WireTransferRow => ({
      time: time(r.time),
      actionId: r.actionId.toString(),
      fromAccountId: r.fromAccountId,
      toAccountId: r.toAccountId,
      tokenId: r.tokenId,
      amount: u.token(r.amount, r.tokenId),
      direction: r.fromAccountId === accountId ? 'sent' : 'received',
      accountCreated: r.accountCreated,
    });
  /** GET /account/system: the last action id and what the fee and claim vaults hold */
  const system = (state: EngineState) => ({
    actionId: state.nextActionId - 1n,
    feeVault: Object.entries(state.feeVault).map(([tokenId, amount]) => ({
      tokenId: Number(tokenId),
      token: u.tokenSymbol(Number(tokenId)),
      amount: u.token(amount, Number(tokenId)),
    })),
    claimVault: claimVaultBalances(state).map(({ tokenId, amount }) => ({
      tokenId,
      token: u.tokenSymbol(tokenId),
      amount: u.token(amount, tokenId),
    })),
  });
  return { deposit, withdrawal, transfer, system };
}
