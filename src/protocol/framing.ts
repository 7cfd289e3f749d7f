// Length-delimited framing: raw = varint(len(payload)) || payload. The POST /action body is raw || signature,
// and the signature covers raw including its prefix.
import { ProtocolError } from './errors';

/** The interface's limit for an encoded action including its signature. */
export const MAX_ACTION_BODY_BYTES = 1024;
export const ED25519_SIGNATURE_BYTES = 64;

export function encodeVarint(value: number): Buffer {
  if (!Number.isInteger(value) || value < 0 || value > 0xffffffff) {
    throw new ProtocolError('OUT_OF_RANGE', `a length prefix must be a uint32, got ${value}`);
  }
  const bytes: number[] = [];
  let rest = value;
  while (rest >= 0x80) {
    bytes.push((rest & 0x7f) | 0x80);
    rest = Math.floor(rest / 128);
  }
  bytes.push(rest);
  return Buffer.from(bytes);
}

/** Reads a uint32 varint; a length prefix longer than 5 bytes or cut short is malformed. */
export function decodeVarint(buf: Uint8Array, offset = 0): { value: number; length: number } {
  let value = 0;
  let multiplier = 1;
  for (let i = 0; i < 5; i += 1) {
    const at = offset + i;
    if (at >= buf.length) throw new ProtocolError('TRUNCATED_PREFIX', 'the length prefix is cut short');
    const byte = buf[at]!;
    value += (byte & 0x7f) * multiplier;
    if ((byte & 0x80) === 0) {
      if (value > 0xffffffff)
        throw new ProtocolError('TRUNCATED_PREFIX', 'the length prefix overflows 32 bits');
      return { value, length: i + 1 };
    }
    multiplier *= 128;
  }
  throw new ProtocolError('TRUNCATED_PREFIX', 'the length prefix is longer than 5 bytes');
}

export function frame(payload: Uint8Array): Buffer {
  return Buffer.concat([encodeVarint(payload.length), payload]);
}

/** Exactly one frame: prefix, then exactly that many bytes, nothing after. */
export function unframe(raw: Uint8Array): Buffer {
  const { value, length } = decodeVarint(raw, 0);
  const available = raw.length - length;
  if (available < value)
    throw new ProtocolError('LENGTH_MISMATCH', `the prefix says ${value} bytes but ${available} follow`);
  if (available > value)
    throw new ProtocolError('TRAILING_BYTES', `${available - value} bytes follow the framed message`);
  return Buffer.from(raw.subarray(length, length + value));
}

export interface ActionBodyParts {
  /** varint prefix + payload: what the signature covers */
  raw: Buffer;
  payload: Buffer;
  signature: Buffer;
}

/** Splits a POST /action body into the framed action and its signature, checking every length. */
export function splitActionBody(
  body: Uint8Array,
  signatureLength = ED25519_SIGNATURE_BYTES,
): ActionBodyParts {
  if (body.length === 0) throw new ProtocolError('TRUNCATED_PREFIX', 'the body is empty');
  if (body.length > MAX_ACTION_BODY_BYTES) {
    throw new ProtocolError(
      'TOO_LARGE',
      `the body is ${body.length} bytes; at most ${MAX_ACTION_BODY_BYTES} are allowed`,
    );
  }
  const { value, length } = decodeVarint(body, 0);
  const rawLength = length + value;
  if (body.length < rawLength) {
    throw new ProtocolError(
      'LENGTH_MISMATCH',
      `the prefix says ${value} bytes but only ${body.length - length} follow`,
    );
  }
  const signatureBytes = body.length - rawLength;
  if (signatureBytes !== signatureLength) {
    throw new ProtocolError(
      'BAD_SIGNATURE_LENGTH',
      `expected a ${signatureLength}-byte signature after the action, found ${signatureBytes} bytes`,
    );
  }
  const buf = Buffer.from(body.buffer, body.byteOffset, body.length);
  return {
    raw: Buffer.from(buf.subarray(0, rawLength)),
    payload: Buffer.from(buf.subarray(length, rawLength)),
    signature: Buffer.from(buf.subarray(rawLength)),
  };
}

export function buildActionBody(raw: Uint8Array, signature: Uint8Array): Buffer {
  return Buffer.concat([raw, signature]);
}
