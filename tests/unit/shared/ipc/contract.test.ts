// Only the reveals may carry a secret (a key or a recovery phrase), each asked for by the person: the one-time
// reveal of a new wallet or phrase and the exports after re-entering the passphrase. Every other result
// schema is checked to have no field where a secret could travel.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { METHOD_NAMES, SECRET_BEARING_METHODS, specOf } from '../../../../src/shared/ipc/contract';
import { eventPayloads } from '../../../../src/shared/ipc/events';

const SECRET_FIELD = /secret|private|seed|passphrase|password|mnemonic|words/i;

function fieldNames(schema: z.ZodType): string[] {
  const names: string[] = [];
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const properties = (node as { properties?: Record<string, unknown> }).properties;
    if (properties)
      for (const [name, child] of Object.entries(properties)) {
        // a flag (needsPassphrase, bip39PassphraseUsed) cannot carry a secret, whatever it is called
        if ((child as { type?: unknown }).type !== 'boolean') names.push(name);
        walk(child);
      }
    for (const value of Object.values(node)) if (value && typeof value === 'object') walk(value);
  };
  walk(z.toJSONSchema(schema, { unrepresentable: 'any', io: 'output' }));
  return names;
}

describe('secrets in IPC results', () => {
  it('the reveals (a new key or phrase, an export) are the only results with a secret field', () => {
    const carrying = METHOD_NAMES.filter((name) =>
      fieldNames(specOf(name).result).some((n) => SECRET_FIELD.test(n)),
    ).sort();
    expect(carrying).toEqual([...SECRET_BEARING_METHODS].sort());
  });

  it('no event payload has a secret field', () => {
    for (const [name, schema] of Object.entries(eventPayloads)) {
      expect(
        fieldNames(schema).filter((n) => SECRET_FIELD.test(n)),
        name,
      ).toEqual([]);
    }
  });
});
