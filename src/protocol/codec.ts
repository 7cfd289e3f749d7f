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

// ---------- protobufjs plain object -> TS view ----------

/** toObject gives 64-bit integers as bigints (TO_OBJECT); a number only where protobufjs has no Long */
const toBigInt = (value: unknown): bigint =>
  typeof value === 'bigint' ? value : BigInt(value as number | string);

function fromWireValue(field: protobuf.Field, value: unknown, path: string): unknown {
  const resolved = field.resolvedType;
  if (resolved instanceof protobuf.Type) {
    const message = value as Plain;
    if (isU128(resolved)) return fromU128({ lo: toBigInt(message.lo ?? 0n), hi: toBigInt(message.hi ?? 0n) });
    return fromWireMessage(resolved, message, path);
  }
  if (resolved instanceof protobuf.Enum) {
    if (typeof value !== 'string') throw domain(path, `unknown ${resolved.name} value ${String(value)}`);
    return value;
  }
  if (LONG_TYPES.has(field.type)) return toBigInt(value);
  if (field.type === 'bytes') return Buffer.from(value as Uint8Array);
  return value;
}

function fromWireMessage(type: protobuf.Type, message: Plain, path: string): Plain {
  const out: Plain = {};
  const { oneofs, plain } = shapeOf(type);
  for (const field of plain) {
    const value = message[field.name];
    if (value === undefined || value === null) continue;
    // proto3 `optional` fields are synthetic oneofs: present only when set, as the TS view's `?` says.
    out[field.name] = field.repeated
      ? (value as unknown[]).map((v, i) => fromWireValue(field, v, `${path}.${field.name}[${i}]`))
      : fromWireValue(field, value, `${path}.${field.name}`);
  }
  const missing = missingRequired(type, (name) => out[name] !== undefined);
  if (missing) throw domain(path, `the ${type.name} lacks ${missing}`);
  for (const oneof of oneofs) {
    const name = message[oneof.name];
    const field = typeof name === 'string' ? type.fields[name] : undefined;
    if (!field) throw domain(path, `the ${type.name} has no ${oneof.name}`);
    const value = fromWireValue(field, message[field.name], `${path}.${field.name}`);
    out[oneof.name] =
      field.resolvedType instanceof protobuf.Enum
        ? { type: name, error: value }
        : { type: name, ...(value as Plain) };
  }
  return out;
}

const TO_OBJECT: protobuf.IConversionOptions = {
  // 64-bit integers as bigints, made from the decoded Long's two halves (as decimal text, Long's toString
  // and BigInt's parse of it cost more than the rest of a transfer's conversion)
  longs: BigInt,
  enums: String,
  defaults: true,
  oneofs: true,
  arrays: true,
};

function decodeMessage(type: protobuf.Type, payload: Uint8Array): Plain {
  checkWire(type, payload);
  let message: protobuf.Message;
  try {
    message = type.decode(payload);
  } catch (error) {
    throw new ProtocolError('DECODE_FAILURE_RAW', `not a valid ${type.name}: ${(error as Error).message}`);
  }
  const plain = type.toObject(message, TO_OBJECT) as Plain;
  // defaults:true fills unset proto3 `optional` fields too; drop those the wire did not carry.
  stripUnsetOptionals(type, message as unknown as Plain, plain);
  return fromWireMessage(type, plain, type.name);
}

function stripUnsetOptionals(type: protobuf.Type, message: Plain, plain: Plain): void {
  for (const field of type.fieldsArray) {
    const value = message[field.name];
    const synthetic = field.partOf && field.partOf.name.startsWith('_');
    if (synthetic && (value === undefined || value === null || !Object.hasOwn(message, field.name))) {
      delete plain[field.name];
      continue;
    }
    if (
      field.resolvedType instanceof protobuf.Type &&
      value &&
      typeof value === 'object' &&
      plain[field.name]
    ) {
      if (field.repeated) {
        (value as Plain[]).forEach((item, i) =>
          stripUnsetOptionals(field.resolvedType as protobuf.Type, item, (plain[field.name] as Plain[])[i]!),
        );
      } else {
        stripUnsetOptionals(field.resolvedType, value as Plain, plain[field.name] as Plain);
      }
    }
  }
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
