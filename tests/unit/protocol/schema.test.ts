// protobufjs names a oneof's member by assigning the oneof (`message.kind = 'transfer'`); the setter schema.ts
// installs deletes only the members the message owns instead of every other member. The message afterwards
// must be the one protobufjs's own setter left: only the named member, the others gone.
import { describe, expect, it } from 'vitest';
import { loadSchema, readBundledProto } from '../../../src/protocol/schema';

const schema = loadSchema(readBundledProto());

describe("a message's oneof setter", () => {
  it('leaves only the member it names, and none when it names none', () => {
    const message = new schema.action.ctor() as unknown as Record<string, unknown>;
    message.transfer = { amount: 1 };
    message.withdraw = { amount: 2 };
    message.kind = 'withdraw';
    expect(Object.hasOwn(message, 'transfer')).toBe(false);
    expect(message.withdraw).toEqual({ amount: 2 });
    expect(message.kind).toBe('withdraw');
    message.kind = undefined;
    expect(Object.hasOwn(message, 'withdraw')).toBe(false);
    expect(message.kind).toBeUndefined();
  });

  it('keeps what decoding gives: the last member on the wire', () => {
    // withdraw (10) { amount (3) = 5 }, then transfer (18) { amount (4) = 7 }: protobufjs alone, without the
    // wire check (which refuses two members)
    const bytes = Buffer.from([0x52, 0x02, 0x18, 0x05, 0x92, 0x01, 0x02, 0x20, 0x07]);
    const decoded = schema.action.decode(bytes) as unknown as Record<string, unknown>;
    expect(decoded.kind).toBe('transfer');
    expect(Object.hasOwn(decoded, 'withdraw')).toBe(false);
    expect(String((decoded.transfer as { amount: unknown }).amount)).toBe('7');
  });
});
