// Opening an account: a wallet's next numbered account, with no balances. The trading core opens its market
// maker's; deposits, transfers and vaults open the rest (funds/rules.ts, vaults/ledger.ts).
import type { EngineState } from '../state';
import type { AccountState } from './state';

export function createAccount(state: EngineState, owner: string): AccountState {
  const id = state.nextAccountId;
  state.nextAccountId += 1;
  const account: AccountState = { id, owner, balances: {}, updateId: 0 };
  state.accounts[id] = account;
  state.users[owner]!.accountIds.push(id);
  return account;
}
