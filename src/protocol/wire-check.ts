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

/**
 * The last varint read (readVarint): a number, exact below 2^53; above that it stands only for "larger than
 * anything compared with it", and exactVarint() gives it exactly (for an error's text). Numbers, not bigints:
 * this walk runs on every POST /action body.
 */
const varint = { value: 0, big: -1n };
const exactVarint = (): bigint => (varint.big < 0n ? BigInt(varint.value) : varint.big);

const CUT_SHORT = -1;
const OVERFLOWS = -2;
const TOO_LONG = -3;
const VARINT_ERRORS: Record<number, string> = {
  [CUT_SHORT]: 'a varint is cut short',
  [OVERFLOWS]: 'a varint overflows 64 bits',
  [TOO_LONG]: 'a varint is longer than 10 bytes',
};

/**
 * Reads a varint of at most 10 bytes at `at` into `varint`: the offset after it, or (negative) why it is not
 * a varint, for the caller to say where (its path is built only then).
 */
function readVarint(buf: Uint8Array, at: number, end: number): number {
  // up to 4 bytes (a tag, a length, most values) in small integers, which the rest reads fastest
  let small = 0;
  for (let i = 0; i < 4; i += 1) {
    if (at + i >= end) return CUT_SHORT;
    const byte = buf[at + i]!;
    small |= (byte & 0x7f) << (7 * i);
    if ((byte & 0x80) === 0) {
      varint.value = small;
      varint.big = -1n;
      return at + i + 1;
    }
  }
  // longer: read exactly, as bigints
  let big = 0n;
  for (let i = 0; i < 10; i += 1) {
    if (at + i >= end) return CUT_SHORT;
    const byte = buf[at + i]!;
    big |= BigInt(byte & 0x7f) << BigInt(7 * i);
    if ((byte & 0x80) === 0) {
      if (big >= 1n << 64n) return OVERFLOWS;
      varint.big = big;
      varint.value = big > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER + 1 : Number(big);
      return at + i + 1;
    }
  }
  return TOO_LONG;
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
    while (at < end) {
      at = readVarint(buf, at, end);
      if (at < 0) raw(path, VARINT_ERRORS[at]!);
    }
    return;
  }
  const width = wire === I64 ? 8 : 4;
  if ((end - start) % width !== 0)
    raw(path, `a packed list of ${width}-byte values has ${end - start} bytes`);
}

const fieldPath = (path: string, field: protobuf.Field | undefined, number: number): string =>
  `${path}.${field?.name ?? `#${number}`}`;

/**
 * `path` names the message for an error's text; a field's path is built only for an error (building it for
 * every field showed in POST /action's profile).
 */
function walk(type: protobuf.Type, buf: Uint8Array, start: number, end: number, path: string): void {
  let oneofSeen: Map<string, string> | null = null;
  let at = start;
  while (at < end) {
    at = readVarint(buf, at, end);
    if (at < 0) raw(path, VARINT_ERRORS[at]!);
    const tag = varint.value;
    if (tag < 8) raw(path, 'a field number 0 is not valid');
    if (tag > 0x1fffffff * 8 + 7) raw(path, 'a field number is out of range');
    // below 2^32 here, so these are exact
    const number = Math.floor(tag / 8);
    const wire = tag % 8;
    const field = type.fieldsById[number];
    if (field) {
      const expected = expectedWire(field);
      const packable = field.repeated && expected !== LEN;
      if (wire !== expected && !(packable && wire === LEN))
        raw(
          fieldPath(path, field, number),
          `wire type ${WIRE_NAME[wire]} where ${WIRE_NAME[expected]} belongs`,
        );
      const oneof = field.partOf;
      if (oneof && !oneof.name.startsWith('_')) {
        oneofSeen ??= new Map<string, string>();
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
        at = readVarint(buf, at, end);
        if (at < 0) raw(fieldPath(path, field, number), VARINT_ERRORS[at]!);
        if (field && (field.type === 'uint32' || field.type === 'fixed32') && varint.value > 0xffffffff)
          raw(fieldPath(path, field, number), `${exactVarint()} does not fit a uint32`);
        break;
      }
      case I64:
        if (at + 8 > end) raw(fieldPath(path, field, number), 'an 8-byte value is cut short');
        at += 8;
        break;
      case I32:
        if (at + 4 > end) raw(fieldPath(path, field, number), 'a 4-byte value is cut short');
        at += 4;
        break;
      case LEN: {
        at = readVarint(buf, at, end);
        if (at < 0) raw(fieldPath(path, field, number), VARINT_ERRORS[at]!);
        if (varint.value > end - at)
          raw(fieldPath(path, field, number), `a ${exactVarint()}-byte value is cut short`);
        const next = at + varint.value;
        if (field) {
          if (field.resolvedType instanceof protobuf.Type)
            walk(field.resolvedType, buf, at, next, fieldPath(path, field, number));
          else if (field.type === 'string') {
            try {
              utf8.decode(buf.subarray(at, next));
            } catch {
              throw new ProtocolError(
                'DECODE_FAILURE_DOMAIN',
                `${fieldPath(path, field, number)}: not UTF-8 text`,
              );
            }
          } else if (field.type !== 'bytes')
            checkPacked(buf, at, next, expectedWire(field), fieldPath(path, field, number));
        }
        at = next;
        break;
      }
      default:
        raw(fieldPath(path, field, number), `wire type ${WIRE_NAME[wire]} is not allowed`);
    }
  }
}

/** Throws a DECODE_FAILURE_RAW / _DOMAIN ProtocolError unless `payload` is a well-formed `type`. */
export function checkWire(type: protobuf.Type, payload: Uint8Array): void {
  walk(type, payload, 0, payload.length, type.name);
}
