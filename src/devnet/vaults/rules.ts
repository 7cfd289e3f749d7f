// VaultDeposit, VaultWithdrawRequest, VaultWithdrawClaim, VaultSyncEpochs.
import type { RuleSet } from '../engine/engine';

export const vaultRules: RuleSet = {};
