// The campaign's verdict: the app's records (journal, audit log, accounts, deposits, chain balances as it
// shows them) held against the exchange's own (its executed actions, deposits and accounts, from the state
// it saved) and the chain. Every count here must be 0 for the run to pass.
import { decodeAction } from '../../src/protocol/codec';
import { unframe } from '../../src/protocol/framing';
import { loadSchema, readBundledProto } from '../../src/protocol/schema';
import type { ActionRecord, EngineState } from '../../src/devnet/state';
import type { Attempt } from './attempt';

export interface AppRecords {
  audit: { kind: string; result: string; actionId?: string; sentence: string }[];
  accounts: { walletKey: string; accountId: number; usdc: bigint }[];
  deposits: { depositId: string; txId: string | null; amount: bigint; status: string }[];
  journal: { signers: Record<string, number>; pending: unknown[] };
  chain: { publicKey: string; app: bigint; chain: bigint }[];
  walletKeys: string[];
}

export interface Reconciliation {
  /** one attempt's money moved by more than one executed action */
  executedTwice: number;
  /** actions the app reported as executed that the exchange has no record of */
  confirmedLost: number;
  /** a signer's nonce reused on the exchange, or the app's journal behind the exchange for one of its keys */
  noncesReused: number;
  /** submissions still unsettled in the journal, deposits neither credited nor failed */
  unknownUnsettled: number;
  /** audit lines of executed actions with no such action on the exchange */
  auditWithoutAction: number;
  /** actions the exchange executed for the app's keys with no audit line */
  actionWithoutAudit: number;
  /** a deposit the app sent credited other than once */
  depositsNotOnce: number;
  /** accounts whose balance the app shows differs from the exchange's, to the unit */
  balanceMismatches: number;
  /** wallets whose on-chain balance the app shows differs from the chain's */
  chainMismatches: number;
  /** executed actions, for scale */
  exchangeActions: number;
  /** what each nonzero count is, in words */
  problems: string[];
}

const MONEY_KINDS = new Set(['transfer', 'withdraw', 'vaultDeposit', 'vaultWithdrawRequest']);

/** `foreign`: what another device of the person's signed (not the app's to audit) */
export function reconcile(
  attempts: Attempt[],
  app: AppRecords,
  exchange: EngineState,
  foreign: (action: ActionRecord) => boolean = () => false,
): Reconciliation {
  const problems: string[] = [];
  const schema = loadSchema(readBundledProto());
  const executed = exchange.actions.filter(
    (a) =>
      a.payload !== undefined &&
      !foreign(a) &&
      (a.receipt as { kind?: { type?: string } }).kind?.type !== 'err',
  );
  const byId = new Map(executed.map((a) => [a.actionId.toString(), a]));

  // every attempt's amount is its own: two executed actions moving one amount out of one account are one
  // attempt done twice
  const moved = new Map<string, bigint[]>();
  for (const record of executed) {
    const action = decodeAction(schema, unframe(Buffer.from(record.payload!, 'base64')));
    const kind = action.kind as { type: string; amount?: bigint; accountId?: number; fromAccountId?: number };
    if (!MONEY_KINDS.has(kind.type) || kind.amount === undefined) continue;
    // by the account the money left too: a sweep may move on exactly what an earlier transfer brought in
    const key = `${kind.type} of ${kind.amount} from account ${kind.fromAccountId ?? kind.accountId}`;
    moved.set(key, [...(moved.get(key) ?? []), record.actionId]);
  }
  const twice = [...moved.entries()].filter(([, ids]) => ids.length > 1);
  for (const [key, ids] of twice) problems.push(`executed twice: ${key} as actions ${ids.join(', ')}`);

  const lost = attempts.filter((a) => a.actionId !== undefined && !byId.has(a.actionId.toString()));
  for (const a of lost)
    problems.push(`confirmed but not on the exchange: attempt ${a.index} (${a.kind}), action ${a.actionId}`);

  const seenNonce = new Set<string>();
  let noncesReused = 0;
  // the engine's own records (an epoch roll) are signed by no one
  for (const a of exchange.actions.filter((x) => x.payload !== undefined)) {
    const key = `${a.signer}:${a.nonce}`;
    if (seenNonce.has(key)) {
      noncesReused += 1;
      problems.push(`nonce reused on the exchange: ${key}`);
    }
    seenNonce.add(key);
  }
  // a journal behind the exchange for one of the app's keys would sign its next action with a used nonce
  for (const [signer, last] of Object.entries(exchange.nonces))
    if (signer in app.journal.signers && app.journal.signers[signer]! < last) {
      noncesReused += 1;
      problems.push(
        `the journal's nonce for ${signer} is ${app.journal.signers[signer]}, the exchange's ${last}`,
      );
    }

  const unsettledDeposits = app.deposits.filter((d) => d.status !== 'credited' && d.status !== 'failed');
  const unknownUnsettled = app.journal.pending.length + unsettledDeposits.length;
  if (app.journal.pending.length)
    problems.push(`${app.journal.pending.length} submissions unsettled in the journal`);
  for (const d of unsettledDeposits) problems.push(`deposit ${d.depositId} still ${d.status}`);

  const audited = app.audit.filter((e) => e.actionId !== undefined && /^\d+$/.test(e.actionId));
  const auditWithoutAction = audited.filter((e) => e.result === 'ok' && !byId.has(e.actionId!));
  for (const e of auditWithoutAction)
    problems.push(`audit line without its action: ${e.sentence} (${e.actionId})`);
  const auditedIds = new Set(audited.map((e) => e.actionId!));
  // this devnet serves the campaign's app alone: every action signed on it but the other device's is the app's
  const actionWithoutAudit = executed.filter((a) => !auditedIds.has(a.actionId.toString()));
  for (const a of actionWithoutAudit) problems.push(`action ${a.actionId} (${a.kind}) has no audit line`);

  let depositsNotOnce = 0;
  for (const d of app.deposits.filter((x) => x.status === 'credited' && x.txId)) {
    const credits = exchange.deposits.filter((x) => x.chainTxId === d.txId).length;
    if (credits !== 1) {
      depositsNotOnce += 1;
      problems.push(`deposit ${d.txId} credited ${credits} times`);
    }
  }

  let balanceMismatches = 0;
  const ownAccounts = Object.values(exchange.accounts).filter((a) => app.walletKeys.includes(a.owner));
  for (const account of ownAccounts) {
    const shown = app.accounts.find((a) => a.accountId === account.id);
    const held = account.balances[0] ?? 0n;
    if (!shown || shown.usdc !== held) {
      balanceMismatches += 1;
      problems.push(
        `account ${account.id}: the app shows ${shown?.usdc ?? 'nothing'}, the exchange holds ${held}`,
      );
    }
  }
  let chainMismatches = 0;
  for (const c of app.chain)
    if (c.app !== c.chain) {
      chainMismatches += 1;
      problems.push(`wallet ${c.publicKey} on chain: the app shows ${c.app}, the chain holds ${c.chain}`);
    }

  return {
    executedTwice: twice.length,
    confirmedLost: lost.length,
    noncesReused,
    unknownUnsettled,
    auditWithoutAction: auditWithoutAction.length,
    actionWithoutAudit: actionWithoutAudit.length,
    depositsNotOnce,
    balanceMismatches,
    chainMismatches,
    exchangeActions: executed.length,
    problems,
  };
}

/** Whether every count the campaign judges is 0. */
export function passed(r: Reconciliation): boolean {
  return (
    r.executedTwice +
      r.confirmedLost +
      r.noncesReused +
      r.unknownUnsettled +
      r.auditWithoutAction +
      r.actionWithoutAudit +
      r.depositsNotOnce +
      r.balanceMismatches +
      r.chainMismatches ===
    0
  );
}
