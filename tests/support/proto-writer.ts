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
