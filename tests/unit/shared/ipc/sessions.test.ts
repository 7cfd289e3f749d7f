// A session id crosses IPC as decimal text and is signed as the wire's u64: the schema bounds it there, so
// an id past 2^64 is refused as a bad argument instead of failing inside the encoder (it answered INTERNAL).
import { describe, expect, it } from 'vitest';
import { SessionId } from '../../../../src/shared/ipc/sessions';

describe('SessionId', () => {
  it.each(['0', '1', '42', '18446744073709551615'])('%s is a session id', (id) => {
    expect(SessionId.safeParse(id).success).toBe(true);
  });

  it.each([
    ['18446744073709551616', 'must be a session id (a whole number below 2^64)'],
    ['99999999999999999999', 'must be a session id (a whole number below 2^64)'],
    ['', 'must be a session id (a whole number)'],
    ['-1', 'must be a session id (a whole number)'],
    ['1.5', 'must be a session id (a whole number)'],
    ['0x10', 'must be a session id (a whole number)'],
    [' 1', 'must be a session id (a whole number)'],
    ['123456789012345678901', 'must be a session id (a whole number)'],
    ['١٢', 'must be a session id (a whole number)'],
  ])('%j is refused: %s', (id, message) => {
    const parsed = SessionId.safeParse(id);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toContain(message);
  });
});
