// Every action kind and the module that plans it and reads its result. Typed by the intent schema: a kind
// added to IntentSchema without a module here does not compile, and a module for no kind does not either.
import type { IntentKind } from '../../shared/ipc/actions';
import type { ActionModule } from './action-module';
import { withdraw } from './withdraw';
import { transfer } from './transfer';
import { vaultDeposit } from './vault-deposit';
import { vaultWithdraw } from './vault-withdraw';
import { vaultClaim } from './vault-claim';
import { addTrigger } from './add-trigger';
import { editTrigger } from './edit-trigger';
import { removeTrigger } from './remove-trigger';
import { cancelOrder } from './cancel-order';
import { closePosition } from './close-position';

const ACTION_MODULES = {
  withdraw,
  transfer,
  vaultDeposit,
  vaultWithdraw,
  vaultClaim,
  addTrigger,
  editTrigger,
  removeTrigger,
  cancelOrder,
  closePosition,
  // each module's facts are its own business; only the kind is checked here
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
} satisfies { [K in IntentKind]: ActionModule<K, any> };

/** The kinds that have a module: the compiler holds this equal to the intent kinds (see the registry test). */
export type RegisteredKind = keyof typeof ACTION_MODULES;
export const REGISTERED_KINDS = Object.keys(ACTION_MODULES) as RegisteredKind[];

/** The module of a kind, seen through the shape every module shares (the intent is that kind's). */
export const moduleFor = (kind: IntentKind): ActionModule<IntentKind, unknown> =>
  ACTION_MODULES[kind] as unknown as ActionModule<IntentKind, unknown>;
