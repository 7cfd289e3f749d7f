// Encodes and decodes Actions and Receipts through protobufjs reflection, converting at this one boundary:
// 64-bit integers <-> bigint, U128 <-> bigint, enums by name, and each real oneof (`kind`, `inner`, ...)
// <-> { type, ...fields } under the oneof's name. Encoding range-checks every integer (protobufjs would
// silently truncate). Decoding is strict: the bytes are first walked against the schema (wire-check.ts: a
// wrong wire type or a cut-short message is DECODE_FAILURE_RAW), then a missing oneof member, a missing
// required sub-message or an unknown enum value is DECODE_FAILURE_DOMAIN; nothing is read as zero instead.
import protobuf from 'protobufjs';
import { ProtocolError } from './errors';
import { decodeVarint, frame, unframe } from './framing';
import { fromU128, toU128 } from './u128';
import { checkWire } from './wire-check';
import { PROTO_PACKAGE, type ProtocolSchema } from './schema';
import type { Action, Receipt } from './types';

type Plain = Record<string, unknown>;

const LONG_TYPES = new Set(['int64', 'uint64', 'sint64', 'fixed64', 'sfixed64']);
const INT32_RANGE: Record<string, [number, number]> = {
  uint32: [0, 0xffffffff],
  fixed32: [0, 0xffffffff],
  int32: [-0x80000000, 0x7fffffff],
  sint32: [-0x80000000, 0x7fffffff],
  sfixed32: [-0x80000000, 0x7fffffff],
};
const LONG_RANGE: Record<string, [bigint, bigint]> = {
  uint64: [0n, (1n << 64n) - 1n],
  fixed64: [0n, (1n << 64n) - 1n],
  int64: [-(1n << 63n), (1n << 63n) - 1n],
  sint64: [-(1n << 63n), (1n << 63n) - 1n],
  sfixed64: [-(1n << 63n), (1n << 63n) - 1n],
};
const isU128 = (type: protobuf.Type): boolean => type.name === 'U128';

/**
 * Sub-messages without which a message means nothing (proto3 cannot say so): decoding refuses their absence
 * as DECODE_FAILURE_DOMAIN rather than reading an empty definition. `|` lists alternatives, one is enough.
 */
const REQUIRED: Record<string, readonly string[]> = {
  'Action.AddTrigger': ['key', 'prices'],
  'Action.EditTrigger': ['key', 'prices'],
  'Action.RemoveTrigger': ['key|triggerId'],
  TradeOrPlace: ['orderType', 'limit'],
};

/** 'Action.AddTrigger' for '.perpetua.v1.Action.AddTrigger' */
const shortName = (type: protobuf.Type): string => type.fullName.slice(PROTO_PACKAGE.length + 2);

/** What the conversions ask of a message type on every call, worked out once per type (the profile of
 * POST /action showed the Action's many oneof members being filtered again for every action). */
interface Shape {
  /** the real (not proto3-optional) oneofs of a message; each becomes a { type, ... } object */
  oneofs: protobuf.OneOf[];
  /** the fields outside them */
  plain: protobuf.Field[];
  /** REQUIRED's rules for the type, each as its alternatives */
  required: { alternatives: string[]; text: string }[];
}

const shapes = new WeakMap<protobuf.Type, Shape>();

function shapeOf(type: protobuf.Type): Shape {
  let shape = shapes.get(type);
  if (!shape) {
    const oneofs = type.oneofsArray.filter((o) => !o.name.startsWith('_'));
    shape = {
      oneofs,
      plain: type.fieldsArray.filter((f) => !(f.partOf && oneofs.includes(f.partOf))),
      required: (REQUIRED[shortName(type)] ?? []).map((rule) => ({
        alternatives: rule.split('|'),
        text: rule.replace('|', ' or '),
      })),
    };
    shapes.set(type, shape);
  }
  return shape;
}

function missingRequired(type: protobuf.Type, present: (name: string) => boolean): string | undefined {
  for (const rule of shapeOf(type).required) if (!rule.alternatives.some(present)) return rule.text;
  return undefined;
}

const domain = (path: string, message: string): ProtocolError =>
  new ProtocolError('DECODE_FAILURE_DOMAIN', `${path}: ${message}`);

function fail(path: string, message: string): never {
  throw new ProtocolError('OUT_OF_RANGE', `${path}: ${message}`);
}

// ---------- TS view -> protobufjs plain object ----------

function toWireValue(field: protobuf.Field, value: unknown, path: string): unknown {
  const resolved = field.resolvedType;
  if (resolved instanceof protobuf.Type) {
    if (isU128(resolved)) {
      if (typeof value !== 'bigint') fail(path, 'expected a bigint');
      // bigints straight to protobufjs's Long (Long.fromValue takes them), with no decimal text between
      return toU128(value);
    }
    return toWireMessage(resolved, value as Plain, path);
  }
  if (resolved instanceof protobuf.Enum) {
    if (typeof value !== 'string' || !(value in resolved.values))
      fail(path, `unknown ${resolved.name} value ${String(value)}`);
    return value;
  }
  if (LONG_TYPES.has(field.type)) {
    if (typeof value !== 'bigint') fail(path, 'expected a bigint');
    const [min, max] = LONG_RANGE[field.type]!;
    if (value < min || value > max) fail(path, `${value} is outside the ${field.type} range`);
    return value;
  }
  const range = INT32_RANGE[field.type];
  if (range) {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < range[0] || value > range[1]) {
      fail(path, `${String(value)} is not a ${field.type}`);
    }
    return value;
  }
  if (field.type === 'bytes') {
    if (!(value instanceof Uint8Array)) fail(path, 'expected bytes');
    return value;
  }
  if (field.type === 'bool' && typeof value !== 'boolean') fail(path, 'expected a boolean');
  if (field.type === 'string' && typeof value !== 'string') fail(path, 'expected a string');
  return value;
}

function toWireMessage(type: protobuf.Type, input: Plain, path: string): Plain {
  if (input === null || typeof input !== 'object') fail(path, `expected a ${type.name}`);
  const out: Plain = {};
  const { oneofs, plain } = shapeOf(type);
  for (const field of plain) {
    const value = input[field.name];
    if (value === undefined || value === null) continue;
    out[field.name] = field.repeated
      ? (Array.isArray(value) ? value : fail(`${path}.${field.name}`, 'expected a list')).map((v, i) =>
          toWireValue(field, v, `${path}.${field.name}[${i}]`),
        )
      : toWireValue(field, value, `${path}.${field.name}`);
  }
  const missing = missingRequired(type, (name) => out[name] !== undefined);
  if (missing) fail(path, `${type.name} needs ${missing}`);
  for (const oneof of oneofs) {
    const member = input[oneof.name] as Plain | undefined;
    const name = member?.type;
    const field = typeof name === 'string' ? type.fields[name] : undefined;
    if (!member || !field || field.partOf !== oneof)
      fail(`${path}.${oneof.name}`, `unknown ${type.name} ${oneof.name} ${String(name)}`);
    if (field.resolvedType instanceof protobuf.Enum) {
      // A member carried by an enum value (Receipt.err) keeps it under `error`.
      out[field.name] = toWireValue(field, member.error, `${path}.${oneof.name}.error`);
    } else {
      const { type: _type, ...fields } = member;
      out[field.name] = toWireValue(field, fields, `${path}.${oneof.name}`);
    }
  }
  return out;
}

// ---------- protobufjs decoded message -> TS view ----------
// Read straight from the message protobufjs decoded, with what its toObject({ longs, enums: String, defaults,
// oneofs, arrays }) would give, but without building that plain object in between (it cost as much as the
// rest of an action's decode, and a second copy of every message): a field the wire did not carry reads as
// its default, except a proto3 `optional` one and a sub-message, which stay absent; a repeated field reads
// as a list, empty when absent; an enum by its name; a 64-bit integer as a bigint from its Long's halves.

/** How a field reads, worked out once per field. */
type FieldReading =
  | { kind: 'message'; type: protobuf.Type }
  | { kind: 'u128' }
  | { kind: 'enum'; type: protobuf.Enum }
  | { kind: 'long'; unsigned: boolean }
  | { kind: 'bytes' }
  | { kind: 'plain' };

const readings = new WeakMap<protobuf.Field, FieldReading>();

function readingOf(field: protobuf.Field): FieldReading {
  let reading = readings.get(field);
  if (!reading) {
    const resolved = field.resolvedType;
    reading =
      resolved instanceof protobuf.Type
        ? isU128(resolved)
          ? { kind: 'u128' }
          : { kind: 'message', type: resolved }
        : resolved instanceof protobuf.Enum
          ? { kind: 'enum', type: resolved }
          : LONG_TYPES.has(field.type)
            ? { kind: 'long', unsigned: field.type === 'uint64' || field.type === 'fixed64' }
            : field.type === 'bytes'
              ? { kind: 'bytes' }
              : { kind: 'plain' };
    readings.set(field, reading);
  }
  return reading;
}

/** A decoded 64-bit value (a Long, or a number where protobufjs has no Long) as a bigint. */
function longValue(value: unknown, unsigned: boolean): bigint {
  if (typeof value === 'number') return BigInt(value);
  const { low, high } = value as { low: number; high: number };
  const top = BigInt(unsigned ? high >>> 0 : high | 0);
  return (top << 32n) | BigInt(low >>> 0);
}

/** where a value sits, for an error's text: only made when it is needed (a sub-message, an error) */
const valuePath = (path: string, field: protobuf.Field, index: number): string =>
  index < 0 ? `${path}.${field.name}` : `${path}.${field.name}[${index}]`;

/** `path` is the message's; `index` the item's in a repeated field, -1 for a single value */
function fromDecodedValue(field: protobuf.Field, value: unknown, path: string, index = -1): unknown {
  const reading = readingOf(field);
  switch (reading.kind) {
    case 'message':
      return fromDecodedMessage(reading.type, value as Plain, valuePath(path, field, index));
    case 'u128': {
      const { lo, hi } = value as Plain;
      return fromU128({ lo: longValue(lo ?? 0, true), hi: longValue(hi ?? 0, true) });
    }
    case 'enum': {
      const name = reading.type.valuesById[value as number];
      if (name === undefined)
        throw domain(valuePath(path, field, index), `unknown ${reading.type.name} value ${String(value)}`);
      return name;
    }
    case 'long':
      return longValue(value, reading.unsigned);
    case 'bytes':
      return Buffer.from(value as Uint8Array);
    case 'plain':
      return value;
  }
}

/** The value a field the wire did not carry reads as (toObject's defaults); undefined: it stays absent. */
function absentValue(field: protobuf.Field, path: string): unknown {
  if (field.repeated) return [];
  // a proto3 `optional` field (a synthetic oneof) is present only when set, as the TS view's `?` says
  if (field.partOf) return undefined;
  const reading = readingOf(field);
  if (reading.kind === 'message' || reading.kind === 'u128') return undefined;
  if (reading.kind === 'long') return 0n;
  if (reading.kind === 'bytes') return Buffer.alloc(0);
  return fromDecodedValue(field, field.typeDefault, path);
}

const isSet = (message: Plain, name: string): boolean =>
  message[name] !== undefined && message[name] !== null && Object.hasOwn(message, name);

function fromDecodedMessage(type: protobuf.Type, message: Plain, path: string): Plain {
  const out: Plain = {};
  const { oneofs, plain } = shapeOf(type);
  for (const field of plain) {
    const name = field.name;
    let value: unknown;
    if (field.repeated) {
      const list = message[name] as unknown[] | undefined;
      value = list && list.length > 0 ? list.map((item, i) => fromDecodedValue(field, item, path, i)) : [];
    } else
      value = isSet(message, name) ? fromDecodedValue(field, message[name], path) : absentValue(field, path);
    if (value !== undefined) out[name] = value;
  }
  const missing = missingRequired(type, (name) => out[name] !== undefined);
  if (missing) throw domain(path, `the ${type.name} lacks ${missing}`);
  for (const oneof of oneofs) {
    let member: protobuf.Field | undefined;
    for (const field of oneof.fieldsArray) if (isSet(message, field.name)) member = field;
    if (!member) throw domain(path, `the ${type.name} has no ${oneof.name}`);
    const value = fromDecodedValue(member, message[member.name], path);
    out[oneof.name] =
      member.resolvedType instanceof protobuf.Enum
        ? { type: member.name, error: value }
        : { type: member.name, ...(value as Plain) };
  }
  return out;
}

function decodeMessage(type: protobuf.Type, payload: Uint8Array): Plain {
  checkWire(type, payload);
  let message: protobuf.Message;
  try {
    message = type.decode(payload);
  } catch (error) {
    throw new ProtocolError('DECODE_FAILURE_RAW', `not a valid ${type.name}: ${(error as Error).message}`);
  }
  return fromDecodedMessage(type, message as unknown as Plain, type.name);
}

function encodeMessage(type: protobuf.Type, view: Plain): Buffer {
  const wire = toWireMessage(type, view, type.name);
  const message = type.fromObject(wire);
  return Buffer.from(type.encode(message).finish());
}

/** The Action's protobuf payload (no length prefix). */
export function encodeAction(schema: ProtocolSchema, action: Action): Buffer {
  return encodeMessage(schema.action, action as unknown as Plain);
}

/** varint prefix + payload: what gets signed. */
export function encodeActionRaw(schema: ProtocolSchema, action: Action): Buffer {
  return frame(encodeAction(schema, action));
}

export function decodeAction(schema: ProtocolSchema, payload: Uint8Array): Action {
  if (payload.length === 0) throw new ProtocolError('DECODE_FAILURE_DOMAIN', 'the action is empty');
  return decodeMessage(schema.action, payload) as unknown as Action;
}

/** A length-delimited Receipt, as POST /action answers. */
export function encodeReceipt(schema: ProtocolSchema, receipt: Receipt): Buffer {
  return frame(encodeMessage(schema.receipt, receipt as unknown as Plain));
}

export function decodeReceipt(schema: ProtocolSchema, body: Uint8Array): Receipt {
  decodeVarint(body, 0);
  return decodeMessage(schema.receipt, unframe(body)) as unknown as Receipt;
}
