// AddTrigger, EditTrigger, RemoveTrigger.
import type { RuleSet } from '../engine/engine';

export const triggerRules: RuleSet = {};
