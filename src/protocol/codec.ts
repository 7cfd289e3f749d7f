// Encodes and decodes Actions and Receipts through protobufjs reflection, converting at this one boundary:
// 64-bit integers <-> bigint, U128 <-> bigint, enums by name, and each `kind` oneof <-> { type, ...fields }.
// Encoding range-checks every integer (protobufjs would silently truncate); decoding is strict (a missing or
// unknown kind, or an unknown enum value, is a DECODE_FAILURE).
import protobuf from 'protobufjs';
import { ProtocolError } from './errors';
import { decodeVarint, frame, unframe } from './framing';
import { fromU128, toU128 } from './u128';
import type { ProtocolSchema } from './schema';
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
/** Messages whose `kind` oneof becomes a { type, ... } object in the TS view. */
const KIND_ONEOF = 'kind';

const isU128 = (type: protobuf.Type): boolean => type.name === 'U128';

function fail(path: string, message: string): never {
  throw new ProtocolError('OUT_OF_RANGE', `${path}: ${message}`);
}

// ---------- TS view -> protobufjs plain object ----------

function toWireValue(field: protobuf.Field, value: unknown, path: string): unknown {
  const resolved = field.resolvedType;
  if (resolved instanceof protobuf.Type) {
    if (isU128(resolved)) {
      if (typeof value !== 'bigint') fail(path, 'expected a bigint');
      const { lo, hi } = toU128(value);
      return { lo: lo.toString(), hi: hi.toString() };
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
    return value.toString();
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
  const kindOneof = type.oneofs?.[KIND_ONEOF];
  for (const field of type.fieldsArray) {
    if (kindOneof && field.partOf === kindOneof) continue;
    const value = input[field.name];
    if (value === undefined || value === null) continue;
    out[field.name] = field.repeated
      ? (Array.isArray(value) ? value : fail(`${path}.${field.name}`, 'expected a list')).map((v, i) =>
          toWireValue(field, v, `${path}.${field.name}[${i}]`),
        )
      : toWireValue(field, value, `${path}.${field.name}`);
  }
  if (kindOneof) {
    const kind = input[KIND_ONEOF] as Plain | undefined;
    const name = kind?.type;
    const field = typeof name === 'string' ? type.fields[name] : undefined;
    if (!kind || !field || field.partOf !== kindOneof)
      fail(`${path}.kind`, `unknown ${type.name} kind ${String(name)}`);
    if (field.resolvedType instanceof protobuf.Enum) {
      // A kind carried by an enum value (Receipt.err) keeps it under `error`.
      out[field.name] = toWireValue(field, kind.error, `${path}.kind.error`);
    } else {
      const { type: _type, ...fields } = kind;
      out[field.name] = toWireValue(field, fields, `${path}.kind`);
    }
  }
  return out;
}

// ---------- protobufjs plain object -> TS view ----------

function fromWireValue(field: protobuf.Field, value: unknown, path: string): unknown {
  const resolved = field.resolvedType;
  if (resolved instanceof protobuf.Type) {
    const message = value as Plain;
    if (isU128(resolved))
      return fromU128({
        lo: BigInt((message.lo as string) ?? '0'),
        hi: BigInt((message.hi as string) ?? '0'),
      });
    return fromWireMessage(resolved, message, path);
  }
  if (resolved instanceof protobuf.Enum) {
    if (typeof value !== 'string')
      throw new ProtocolError('DECODE_FAILURE', `${path}: unknown ${resolved.name} value ${String(value)}`);
    return value;
  }
  if (LONG_TYPES.has(field.type)) return BigInt(value as string);
  if (field.type === 'bytes') return Buffer.from(value as Uint8Array);
  return value;
}

function fromWireMessage(type: protobuf.Type, message: Plain, path: string): Plain {
  const out: Plain = {};
  const kindOneof = type.oneofs?.[KIND_ONEOF];
  for (const field of type.fieldsArray) {
    if (kindOneof && field.partOf === kindOneof) continue;
    const value = message[field.name];
    if (value === undefined || value === null) continue;
    // proto3 `optional` fields are synthetic oneofs: present only when set, as the TS view's `?` says.
    out[field.name] = field.repeated
      ? (value as unknown[]).map((v, i) => fromWireValue(field, v, `${path}.${field.name}[${i}]`))
      : fromWireValue(field, value, `${path}.${field.name}`);
  }
  if (kindOneof) {
    const name = message[KIND_ONEOF];
    const field = typeof name === 'string' ? type.fields[name] : undefined;
    if (!field) throw new ProtocolError('DECODE_FAILURE', `${path}: the ${type.name} has no known kind`);
    const value = fromWireValue(field, message[field.name], `${path}.${field.name}`);
    out[KIND_ONEOF] =
      field.resolvedType instanceof protobuf.Enum
        ? { type: name, error: value }
        : { type: name, ...(value as Plain) };
  }
  return out;
}

const TO_OBJECT: protobuf.IConversionOptions = {
  longs: String,
  enums: String,
  defaults: true,
  oneofs: true,
  arrays: true,
};

function decodeMessage(type: protobuf.Type, payload: Uint8Array): Plain {
  let message: protobuf.Message;
  try {
    message = type.decode(payload);
  } catch (error) {
    throw new ProtocolError('DECODE_FAILURE', `not a valid ${type.name}: ${(error as Error).message}`);
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
  if (payload.length === 0) throw new ProtocolError('DECODE_FAILURE', 'the action is empty');
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
