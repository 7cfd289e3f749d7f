// JSON that keeps bigint: the browser host carries the IPC contract over a WebSocket as text, and money is
// bigint end to end. Electron's own IPC uses structured clone, which carries bigint natively.

const TAG = '$bigint';

/**
 * The longest bigint the contract carries: u128 amounts have 39 digits, so 78 leaves room without letting a
 * hostile frame hand BigInt() a megabyte of digits (its conversion is super-linear: 1 MiB took 0.4 s).
 */
export const MAX_WIRE_BIGINT_DIGITS = 78;
const BIGINT_TEXT = new RegExp(`^-?\\d{1,${MAX_WIRE_BIGINT_DIGITS}}$`);

export class WireJsonError extends Error {
  override readonly name = 'WireJsonError';
}

export function stringifyWire(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? { [TAG]: v.toString() } : v));
}

/** Parses a frame; a tagged bigint longer than MAX_WIRE_BIGINT_DIGITS digits is refused, not converted. */
export function parseWire(text: string): unknown {
  return JSON.parse(text, (_key, v: unknown) => {
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
      const keys = Object.keys(v);
      const raw = (v as Record<string, unknown>)[TAG];
      if (keys.length === 1 && typeof raw === 'string' && /^-?\d/.test(raw)) {
        if (raw.length > MAX_WIRE_BIGINT_DIGITS + 1 || !BIGINT_TEXT.test(raw))
          throw new WireJsonError(
            `a bigint in the message is not an integer of at most ${MAX_WIRE_BIGINT_DIGITS} digits`,
          );
        return BigInt(raw);
      }
    }
    return v;
  });
}
