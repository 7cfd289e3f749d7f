// proto/perpetua.proto holds the public schema exactly: every public message (by its public nested name), every
// public field at its public number with its public type and label, every public enum value at its number.
// The expected side is public-schema.ts, copied from shared/public-engine/protobuf.md, not the project's proto.
import { describe, expect, it } from 'vitest';
import protobuf from 'protobufjs';
import { PROTO_PACKAGE, loadSchema, readBundledProto } from '../../../src/protocol/schema';
import { PUBLIC_ENUMS, PUBLIC_MESSAGES, type PublicField } from './public-schema';

const { root } = loadSchema(readBundledProto());
const camel = (name: string): string => name.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
const normal = (name: string): string => name.replace(/_/g, '').toLowerCase();

/** The label of a field as the public tables write it. */
function labelOf(field: protobuf.Field): string {
  if (field.repeated) return 'repeated';
  const oneof = field.partOf;
  if (!oneof) return '';
  if (oneof.name.startsWith('_')) return 'optional';
  return `oneof ${oneof.name}`;
}

/** The type of a field as the public tables write it: a scalar, or a message / enum without the package. */
function typeOf(field: protobuf.Field): string {
  const resolved = field.resolvedType;
  if (!resolved) return field.type;
  return resolved.fullName.slice(`.${PROTO_PACKAGE}.`.length);
}

describe('the public schema, message by message', () => {
  it('has all 68 public messages', () => {
    expect(Object.keys(PUBLIC_MESSAGES)).toHaveLength(68);
    for (const name of Object.keys(PUBLIC_MESSAGES))
      expect(() => root.lookupType(`${PROTO_PACKAGE}.${name}`), name).not.toThrow();
  });

  it.each(Object.entries(PUBLIC_MESSAGES))('%s keeps every public number, type and label', (name, fields) => {
    const type = root.lookupType(`${PROTO_PACKAGE}.${name}`);
    for (const [fieldName, number, fieldType, label] of fields as PublicField[]) {
      const field = type.fieldsById[number];
      expect(field, `${name}.${fieldName} (${number})`).toBeDefined();
      expect(field!.name).toBe(camel(fieldName));
      expect(typeOf(field!), `${name}.${fieldName} type`).toBe(fieldType);
      const actual = labelOf(field!);
      if (label.startsWith('oneof ')) {
        expect(actual.startsWith('oneof '), `${name}.${fieldName} label`).toBe(true);
        expect(normal(actual.slice(6))).toBe(normal(label.slice(6)));
      } else {
        expect(actual, `${name}.${fieldName} label`).toBe(label);
      }
    }
  });

  it('Action has all 27 public kinds and Receipt all 26 public fields, and no addition below the public ones', () => {
    const action = root.lookupType(`${PROTO_PACKAGE}.Action`);
    const receipt = root.lookupType(`${PROTO_PACKAGE}.Receipt`);
    expect(PUBLIC_MESSAGES.Action).toHaveLength(27);
    expect(PUBLIC_MESSAGES.Receipt).toHaveLength(26);
    // the interface's kinds sit far above the public numbers, where the public schema will not grow into them
    const publicAction = new Set(PUBLIC_MESSAGES.Action!.map((f) => f[1]));
    for (const field of action.fieldsArray.filter((f) => !publicAction.has(f.id)))
      expect(field.id, field.name).toBeGreaterThanOrEqual(100);
    const publicReceipt = new Set(PUBLIC_MESSAGES.Receipt!.map((f) => f[1]));
    for (const field of receipt.fieldsArray.filter((f) => !publicReceipt.has(f.id)))
      expect(field.id, field.name).toBeGreaterThanOrEqual(100);
  });
});

describe('the public enums', () => {
  it.each(Object.entries(PUBLIC_ENUMS))('%s has every public value at its number', (name, values) => {
    const e = root.lookupEnum(`${PROTO_PACKAGE}.${name}`);
    for (const [value, number] of Object.entries(values)) expect(e.values[value], value).toBe(number);
  });

  it('the Error enum has the 117 public values, DECODE_FAILURE = 2 with 33-35 as refinements, never 32', () => {
    const errors = root.lookupEnum(`${PROTO_PACKAGE}.Error`);
    expect(Object.keys(PUBLIC_ENUMS.Error!)).toHaveLength(117);
    expect(errors.values.DECODE_FAILURE).toBe(2);
    expect([33, 34, 35].map((n) => errors.valuesById[n])).toEqual([
      'DECODE_FAILURE_LENGTH_PREFIX',
      'DECODE_FAILURE_RAW',
      'DECODE_FAILURE_DOMAIN',
    ]);
    expect(errors.valuesById[32]).toBeUndefined();
    expect(errors.isReservedId(32)).toBe(true);
    // every project value sits at a number the public enum leaves free
    const publicNumbers = new Map(Object.entries(PUBLIC_ENUMS.Error!).map(([n, v]) => [v, n]));
    for (const [name, number] of Object.entries(errors.values))
      if (publicNumbers.has(number)) expect(publicNumbers.get(number)).toBe(name);
  });
});
