// The duplicate check's memory: the sha256 of every accepted POST /action body and the id it executed as, so
// that the same signed body sent again is a DUPLICATE carrying the original id, however long ago it ran. The
// snapshot keeps them as `seenBodies` (hex digest -> decimal id); running, the engine keeps them here, in one
// open-addressing table of typed arrays: no object, string or property per accepted action for the garbage
// collector to copy and mark again and again as the log grows (as a plain object it was ~140 bytes and two
// strings per action, kept for good). Nothing is ever forgotten: the table only grows. A digest is handed in
// as node:crypto's `hash(..., 'binary')` (latin1) gives it, a string of 32 one-byte characters (a Buffer digest costs
// an ArrayBuffer per action).

const DIGEST_BYTES = 32;
const HEX_DIGEST = /^[0-9a-f]{64}$/;
const U64_TEXT = /^(0|[1-9][0-9]{0,19})$/;
const U64_MAX = (1n << 64n) - 1n;

export class BodyHashes {
  /** slots: a power of two, at most half of them used */
  private capacity = 0;
  private count = 0;
  private digests = new Uint8Array(0);
  private ids = new BigUint64Array(0);
  private used = new Uint8Array(0);
  /**
   * Entries of a snapshot that are not a hex sha256 and a u64 id (none the engine writes): kept as they
   * were, so that they are saved again unchanged; a digest of a body can never equal one of them.
   */
  private readonly others: Record<string, string> = {};

  constructor(initialCapacity = 1024) {
    this.allocate(Math.max(16, 2 ** Math.ceil(Math.log2(initialCapacity))));
  }

  /** The table of a snapshot's `seenBodies`. */
  static fromRecord(record: Record<string, string>): BodyHashes {
    const keys = Object.keys(record);
    const table = new BodyHashes(keys.length * 2);
    for (const key of keys) {
      const id = record[key]!;
      if (HEX_DIGEST.test(key) && U64_TEXT.test(id) && BigInt(id) <= U64_MAX)
        table.set(Buffer.from(key, 'hex').toString('latin1'), BigInt(id));
      else table.others[key] = id;
    }
    return table;
  }

  get size(): number {
    return this.count + Object.keys(this.others).length;
  }

  /** The id the body with this sha256 executed as, if it did. */
  get(digest: string): bigint | undefined {
    const slot = this.find(digest);
    return this.used[slot] === 1 ? this.ids[slot] : undefined;
  }

  /** Remembers that the body with this sha256 executed as `id` (a digest already known keeps its first id). */
  set(digest: string, id: bigint): void {
    if (digest.length !== DIGEST_BYTES) throw new Error('a body hash is 32 bytes');
    if ((this.count + 1) * 2 > this.capacity) this.grow();
    const slot = this.find(digest);
    if (this.used[slot] === 1) return;
    const at = slot * DIGEST_BYTES;
    for (let i = 0; i < DIGEST_BYTES; i += 1) this.digests[at + i] = digest.charCodeAt(i) & 0xff;
    this.ids[slot] = id;
    this.used[slot] = 1;
    this.count += 1;
  }

  /** What a snapshot keeps: hex digest -> decimal id, as `seenBodies` always held them. */
  toRecord(): Record<string, string> {
    const record: Record<string, string> = { ...this.others };
    for (let slot = 0; slot < this.capacity; slot += 1) {
      if (this.used[slot] !== 1) continue;
      const at = slot * DIGEST_BYTES;
      record[Buffer.from(this.digests.buffer, at, DIGEST_BYTES).toString('hex')] = this.ids[slot]!.toString();
    }
    return record;
  }

  /** The slot holding `digest`, or the empty slot where it belongs (linear probing from its first bytes). */
  private find(digest: string): number {
    const mask = this.capacity - 1;
    // a sha256's bytes are uniform: its first four are as good an index as any hash of them
    let slot =
      (digest.charCodeAt(0) |
        (digest.charCodeAt(1) << 8) |
        (digest.charCodeAt(2) << 16) |
        (digest.charCodeAt(3) << 24)) &
      mask;
    for (;;) {
      if (this.used[slot] !== 1) return slot;
      const at = slot * DIGEST_BYTES;
      let same = true;
      for (let i = 0; i < DIGEST_BYTES; i += 1)
        if (this.digests[at + i] !== digest.charCodeAt(i)) {
          same = false;
          break;
        }
      if (same) return slot;
      slot = (slot + 1) & mask;
    }
  }

  private allocate(capacity: number): void {
    this.capacity = capacity;
    this.digests = new Uint8Array(capacity * DIGEST_BYTES);
    this.ids = new BigUint64Array(capacity);
    this.used = new Uint8Array(capacity);
    this.count = 0;
  }

  private grow(): void {
    const { capacity, digests, ids, used } = this;
    this.allocate(capacity * 2);
    for (let slot = 0; slot < capacity; slot += 1) {
      if (used[slot] !== 1) continue;
      const digest = digests.subarray(slot * DIGEST_BYTES, (slot + 1) * DIGEST_BYTES);
      const to = this.find(Buffer.from(digest.buffer, digest.byteOffset, DIGEST_BYTES).toString('latin1'));
      this.digests.set(digest, to * DIGEST_BYTES);
      this.ids[to] = ids[slot]!;
      this.used[to] = 1;
      this.count += 1;
    }
  }
}
