// The wire check reads varints as small integers and builds a field's path only for an error's text (both
// showed in POST /action's profile). What it refuses, and what it says, must stay what the bigint reading
// said: these pin the edges where the two readings part (long varints, 2^32, 2^53, 2^64, field numbers).
import { describe, expect, it } from 'vitest';
import { checkWire } from '../../../src/protocol/wire-check';
import { loadSchema, readBundledProto } from '../../../src/protocol/schema';
import { ProtocolError } from '../../../src/protocol/errors';
import { b, m, tag, v, varint } from '../../support/proto-wire';

const schema = loadSchema(readBundledProto());
const raw = (...bytes: number[]): Buffer => Buffer.from(bytes);

/** what checkWire throws for these Action bytes: code and text, or 'ok' */
function verdict(bytes: Buffer): string {
  try {
    checkWire(schema.action, bytes);
    return 'ok';
  } catch (error) {
    if (!(error instanceof ProtocolError)) throw error;
    return `${error.code}: ${error.message}`;
  }
}

describe('the wire check', () => {
  it('reads values of every length up to 64 bits, and names the field of one over', () => {
    for (const value of [
      0n,
      127n,
      128n,
      2n ** 28n - 1n,
      2n ** 28n,
      2n ** 53n + 1n,
      2n ** 63n,
      2n ** 64n - 1n,
    ])
      expect(verdict(v(1, value))).toBe('ok');
    // eleven bytes, and ten bytes worth more than 64 bits
    expect(verdict(raw(...tag(1, 0), ...Array(10).fill(0x80), 0x01))).toBe(
      'DECODE_FAILURE_RAW: Action.currentTimestamp: a varint is longer than 10 bytes',
    );
    expect(verdict(raw(...tag(1, 0), ...Array(9).fill(0xff), 0x7f))).toBe(
      'DECODE_FAILURE_RAW: Action.currentTimestamp: a varint overflows 64 bits',
    );
    expect(verdict(raw(...tag(1, 0), 0xff, 0xff, 0xff, 0xff, 0xff))).toBe(
      'DECODE_FAILURE_RAW: Action.currentTimestamp: a varint is cut short',
    );
  });

  it('takes a uint32 up to 2^32 - 1 and refuses one above with its exact value', () => {
    expect(verdict(v(2, 2 ** 32 - 1))).toBe('ok');
    expect(verdict(v(2, 2 ** 32))).toBe('DECODE_FAILURE_RAW: Action.nonce: 4294967296 does not fit a uint32');
    expect(verdict(v(2, 2n ** 64n - 1n))).toBe(
      'DECODE_FAILURE_RAW: Action.nonce: 18446744073709551615 does not fit a uint32',
    );
  });

  it('refuses field number 0 and field numbers beyond 2^29 - 1, whatever the tag length', () => {
    expect(verdict(raw(0x00, 0x01))).toBe('DECODE_FAILURE_RAW: Action: a field number 0 is not valid');
    expect(verdict(raw(...varint(2n ** 32n), 0x01))).toBe(
      'DECODE_FAILURE_RAW: Action: a field number is out of range',
    );
    expect(verdict(raw(...varint(2n ** 60n), 0x01))).toBe(
      'DECODE_FAILURE_RAW: Action: a field number is out of range',
    );
    // the largest field number is unknown here, and skipped as protobuf requires
    expect(verdict(raw(...tag(2 ** 29 - 1, 0), 0x01))).toBe('ok');
  });

  it('says how long a value that runs past the end claimed to be, exactly, inside the message it is in', () => {
    expect(verdict(raw(...tag(10, 2), ...varint(2n ** 60n)))).toBe(
      'DECODE_FAILURE_RAW: Action.withdraw: a 1152921504606846976-byte value is cut short',
    );
    expect(verdict(m(10, raw(...tag(4, 2), 5, 1, 2)))).toBe(
      'DECODE_FAILURE_RAW: Action.withdraw.destPubkey: a 5-byte value is cut short',
    );
    expect(verdict(m(10, b(4, Buffer.alloc(32)), v(1, 2 ** 32)))).toBe(
      'DECODE_FAILURE_RAW: Action.withdraw.tokenId: 4294967296 does not fit a uint32',
    );
    expect(verdict(m(10, raw(...tag(99, 0), 0x80)))).toBe(
      'DECODE_FAILURE_RAW: Action.withdraw.#99: a varint is cut short',
    );
  });
});
