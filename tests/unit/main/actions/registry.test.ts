// Every intent kind the contract accepts has its action module, and nothing else does: a kind added to
// IntentSchema without a module fails to compile (the registry's `satisfies`) and fails here.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { ACTION_KINDS, IntentSchema, type IntentKind } from '../../../../src/shared/ipc/actions';
import { moduleFor, REGISTERED_KINDS, type RegisteredKind } from '../../../../src/main/actions/registry';

describe('the action registry', () => {
  it('has exactly one module per intent kind', () => {
    expect([...REGISTERED_KINDS].sort()).toEqual([...ACTION_KINDS].sort());
    expect(new Set(ACTION_KINDS).size).toBe(IntentSchema.options.length);
    for (const kind of ACTION_KINDS) {
      expect(typeof moduleFor(kind).plan).toBe('function');
      expect(typeof moduleFor(kind).result).toBe('function');
    }
  });

  it('is typed by the intent schema', () => {
    expectTypeOf<RegisteredKind>().toEqualTypeOf<IntentKind>();
    expectTypeOf<(typeof ACTION_KINDS)[number]>().toEqualTypeOf<IntentKind>();
  });
});
