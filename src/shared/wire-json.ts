// JSON that keeps bigint: the browser host carries the IPC contract over a WebSocket as text, and money is
// bigint end to end. Electron's own IPC uses structured clone, which carries bigint natively.

const TAG = '$bigint';

export function stringifyWire(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? { [TAG]: v.toString() } : v));
}

export function parseWire(text: string): unknown {
  return JSON.parse(text, (_key, v: unknown) => {
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
      const keys = Object.keys(v);
      const raw = (v as Record<string, unknown>)[TAG];
      if (keys.length === 1 && typeof raw === 'string' && /^-?\d+$/.test(raw)) return BigInt(raw);
    }
    return v;
  });
}
