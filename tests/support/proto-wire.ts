// A minimal protobuf writer (proto3 wire format), independent of the project's proto and of protobufjs, so
// tests can write the bytes a public client would send from the field numbers alone (golden vectors), or bytes
// no correct client would send (malformed shapes).
export const VARINT = 0;
export const LEN = 2;
export function varint(value: bigint | number): number[] {
  let x = BigInt(value);
  if (x < 0n) x += 1n << 64n; // int64 negatives are ten-byte two's complement
  const out: number[] = [];
  while (x >= 0x80n) {
    out.push(Number(x & 0x7fn) | 0x80);
    x >>= 7n;
  }
  out.push(Number(x));
  return out;
}
export const tag = (field: number, wire: number): number[] => varint((BigInt(field) << 3n) | BigInt(wire));
/** a VARINT field (ints, bools as 0/1, enums by number) */
export const v = (field: number, value: bigint | number | boolean): Buffer =>
  Buffer.from([...tag(field, VARINT), ...varint(typeof value === 'boolean' ? Number(value) : value)]);
/** a LEN field holding raw bytes */
export const b = (field: number, bytes: Uint8Array): Buffer =>
  Buffer.concat([Buffer.from([...tag(field, LEN), ...varint(bytes.length)]), bytes]);
/** a LEN field holding a nested message */
export const m = (field: number, ...fields: Buffer[]): Buffer => b(field, Buffer.concat(fields));
export const s = (field: number, text: string): Buffer => b(field, Buffer.from(text, 'utf8'));
/** a packed repeated VARINT field */
export const packed = (field: number, values: (bigint | number)[]): Buffer =>
  b(field, Buffer.from(values.flatMap((x) => varint(x))));

/** One field as a public decoder sees it before it knows the schema. */
export interface WireField {
  field: number;
  wire: number;
  /** VARINT: the number; LEN: the bytes; I64 / I32: the raw little-endian bytes */
  value: bigint | Buffer;
}

/** Reads a message's fields in order; throws on anything that is not well-formed protobuf. */
export function readFields(buf: Uint8Array): WireField[] {
  const out: WireField[] = [];
  let at = 0;
  const next = (): bigint => {
    let value = 0n;
    for (let shift = 0n; ; shift += 7n) {
      if (at >= buf.length) throw new Error('a varint is cut short');
      const byte = buf[at++]!;
      value |= BigInt(byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) return value;
      if (shift > 63n) throw new Error('a varint is too long');
    }
  };
  while (at < buf.length) {
    const key = next();
    const field = Number(key >> 3n);
    const wire = Number(key & 7n);
    if (wire === VARINT) out.push({ field, wire, value: next() });
    else if (wire === LEN || wire === 1 || wire === 5) {
      const length = wire === LEN ? Number(next()) : wire === 1 ? 8 : 4;
      if (at + length > buf.length) throw new Error(`field ${field} is cut short`);
      out.push({ field, wire, value: Buffer.from(buf.subarray(at, at + length)) });
      at += length;
    } else throw new Error(`wire type ${wire} is not allowed`);
  }
  return out;
}
