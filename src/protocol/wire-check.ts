// Strict protobuf wire validation against the schema, run before protobufjs decodes. protobufjs reads a known
// field with whatever wire type it expects, so a VARINT where a message belongs (or the reverse) is silently
// misread as zero or garbage; a truncated message or a group tag can slip through the same way. This walk
// refuses those: every tag must be well formed, every known field must carry its declared wire type (packed or
// not for repeated scalars), every length must fit, nested messages are checked the same way, strings must
// be UTF-8, and a real oneof (an Action's `kind`, a subaction's `inner`) may hold only one member. Unknown
// field numbers are skipped as protobuf requires, but they too must be well formed.
import protobuf from 'protobufjs';
import { ProtocolError } from './errors';

const VARINT = 0;
const I64 = 1;
const LEN = 2;
const I32 = 5;

const SCALAR_WIRE: Record<string, number> = {
  int32: VARINT,
  uint32: VARINT,
  sint32: VARINT,
  int64: VARINT,
  uint64: VARINT,
  sint64: VARINT,
  bool: VARINT,
  fixed64: I64,
  sfixed64: I64,
  double: I64,
  fixed32: I32,
  sfixed32: I32,
  float: I32,
  string: LEN,
  bytes: LEN,
};
const WIRE_NAME = ['VARINT', 'I64', 'LEN', 'SGROUP', 'EGROUP', 'I32', '6', '7'];

const utf8 = new TextDecoder('utf-8', { fatal: true });

function raw(path: string, message: string): never {
  throw new ProtocolError('DECODE_FAILURE_RAW', `${path}: ${message}`);
}

/** Reads a varint of at most 10 bytes; returns [value, next offset]. */
function readVarint(buf: Uint8Array, at: number, end: number, path: string): [bigint, number] {
  let value = 0n;
  for (let i = 0; i < 10; i += 1) {
    if (at + i >= end) raw(path, 'a varint is cut short');
    const byte = buf[at + i]!;
    value |= BigInt(byte & 0x7f) << BigInt(7 * i);
    if ((byte & 0x80) === 0) {
      if (value >= 1n << 64n) raw(path, 'a varint overflows 64 bits');
      return [value, at + i + 1];
    }
  }
  raw(path, 'a varint is longer than 10 bytes');
}

function expectedWire(field: protobuf.Field): number {
  if (field.resolvedType instanceof protobuf.Type) return LEN;
  if (field.resolvedType instanceof protobuf.Enum) return VARINT;
  const wire = SCALAR_WIRE[field.type];
  if (wire === undefined) raw(field.name, `unsupported field type ${field.type}`);
  return wire;
}

function checkPacked(buf: Uint8Array, start: number, end: number, wire: number, path: string): void {
  if (wire === VARINT) {
    let at = start;
    while (at < end) [, at] = readVarint(buf, at, end, path);
    return;
  }
  const width = wire === I64 ? 8 : 4;
  if ((end - start) % width !== 0)
    raw(path, `a packed list of ${width}-byte values has ${end - start} bytes`);
}

function checkScalar(field: protobuf.Field, value: bigint, path: string): void {
  if ((field.type === 'uint32' || field.type === 'fixed32') && value > 0xffffffffn)
    raw(path, `${value} does not fit a uint32`);
}

function walk(type: protobuf.Type, buf: Uint8Array, start: number, end: number, path: string): void {
  const oneofSeen = new Map<string, string>();
  let at = start;
  while (at < end) {
    let tag: bigint;
    [tag, at] = readVarint(buf, at, end, path);
    const number = Number(tag >> 3n);
    const wire = Number(tag & 7n);
    if (number === 0) raw(path, 'a field number 0 is not valid');
    if (tag >> 3n > 0x1fffffffn) raw(path, 'a field number is out of range');
    const field = type.fieldsById[number];
    const fieldPath = `${path}.${field?.name ?? `#${number}`}`;
    if (field) {
      const expected = expectedWire(field);
      const packable = field.repeated && expected !== LEN;
      if (wire !== expected && !(packable && wire === LEN))
        raw(fieldPath, `wire type ${WIRE_NAME[wire]} where ${WIRE_NAME[expected]} belongs`);
      const oneof = field.partOf;
      if (oneof && !oneof.name.startsWith('_')) {
        const other = oneofSeen.get(oneof.name);
        if (other !== undefined && other !== field.name)
          throw new ProtocolError(
            'DECODE_FAILURE_DOMAIN',
            `${path}: both ${other} and ${field.name} of the one-of ${oneof.name} are set`,
          );
        oneofSeen.set(oneof.name, field.name);
      }
    }
    switch (wire) {
      case VARINT: {
        let value: bigint;
        [value, at] = readVarint(buf, at, end, fieldPath);
        if (field) checkScalar(field, value, fieldPath);
        break;
      }
      case I64:
        if (at + 8 > end) raw(fieldPath, 'an 8-byte value is cut short');
        at += 8;
        break;
      case I32:
        if (at + 4 > end) raw(fieldPath, 'a 4-byte value is cut short');
        at += 4;
        break;
      case LEN: {
        let length: bigint;
        [length, at] = readVarint(buf, at, end, fieldPath);
        if (length > BigInt(end - at)) raw(fieldPath, `a ${length}-byte value is cut short`);
        const next = at + Number(length);
        if (field) {
          if (field.resolvedType instanceof protobuf.Type) walk(field.resolvedType, buf, at, next, fieldPath);
          else if (field.type === 'string') {
            try {
              utf8.decode(buf.subarray(at, next));
            } catch {
              throw new ProtocolError('DECODE_FAILURE_DOMAIN', `${fieldPath}: not UTF-8 text`);
            }
          } else if (field.type !== 'bytes') checkPacked(buf, at, next, expectedWire(field), fieldPath);
        }
        at = next;
        break;
      }
      default:
        raw(fieldPath, `wire type ${WIRE_NAME[wire]} is not allowed`);
    }
  }
}

/** Throws a DECODE_FAILURE_RAW / _DOMAIN ProtocolError unless `payload` is a well-formed `type`. */
export function checkWire(type: protobuf.Type, payload: Uint8Array): void {
  walk(type, payload, 0, payload.length, type.name);
}
