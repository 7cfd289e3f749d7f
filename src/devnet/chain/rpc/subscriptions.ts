// The PubSub subscriptions and when each is notified. A landed transaction notifies processed and
// confirmed subscribers at once (commitment.ts: one node, no forks) and finalized ones when its slot is
// sealed, which tick() notices as the slot clock moves; slot subscribers hear every new slot there too.
// Signature subscriptions end with their one notification, as on a validator.
import type { Address } from '@solana/kit';
import type { TxRecord } from '../state';
import { accountJson, type AccountLike, type Filter, type Slice } from './accounts';
import { reached, slotAt, type Commitment } from './commitment';
import type { MethodContext } from './context';
import { decodeRecord } from './transactions';
import { RPC_ERRORS, RpcError, big, stringify } from './wire';

/** Per connection and in all: a client cannot make the devnet hold unbounded state. */
export const MAX_SUBSCRIPTIONS_PER_CONNECTION = 256;
const MAX_SUBSCRIPTIONS = 10_000;
/** A slot clock that jumped (a manual clock in tests, a suspended laptop) is told its newest slots only. */
const MAX_SLOT_NOTIFICATIONS = 32;

export interface Subscriber {
  send(text: string): void;
}

type Spec =
  | { kind: 'signature'; signature: string; received: boolean }
  | { kind: 'account'; address: string; encoding: string; slice?: Slice | undefined }
  | {
      kind: 'program';
      program: string;
      encoding: string;
      filters: (data: Uint8Array) => boolean;
      slice?: Slice | undefined;
    }
  | { kind: 'slot' }
  | { kind: 'logs'; mentions: string | null };

export type Kind = Spec['kind'];

interface Subscription {
  id: number;
  owner: Subscriber;
  commitment: Commitment;
  spec: Spec;
  /** finalized subscribers: what waits for its slot to be sealed */
  waiting: { slot: number; notify: (finalizedSlot: number) => void }[];
}

const NOTIFICATION: Record<Kind, string> = {
  signature: 'signatureNotification',
  account: 'accountNotification',
  program: 'programNotification',
  slot: 'slotNotification',
  logs: 'logsNotification',
};

export interface SubscribeParams {
  commitment?: Commitment | undefined;
  encoding?: string | undefined;
  dataSlice?: Slice | undefined;
  filters?: readonly Filter[] | undefined;
  enableReceivedNotification?: boolean | undefined;
}

export class Subscriptions {
  private readonly all = new Map<number, Subscription>();
  private readonly perOwner = new Map<Subscriber, Set<number>>();
  private nextId = 0;
  private lastSlot: number;
  /** stops listening to the chain (the PubSub port closed) */
  readonly close: () => void;

  constructor(private readonly ctx: MethodContext) {
    this.lastSlot = ctx.chain.slot();
    this.close = ctx.chain.onLanded((record) => this.landed(record));
  }

  size(): number {
    return this.all.size;
  }

  /** A new subscription's id; `then` notifies what already happened, once the id has been answered. */
  add(owner: Subscriber, spec: Spec, params: SubscribeParams): { id: number; then: () => void } {
    const mine = this.perOwner.get(owner) ?? new Set<number>();
    if (mine.size >= MAX_SUBSCRIPTIONS_PER_CONNECTION || this.all.size >= MAX_SUBSCRIPTIONS)
      throw new RpcError(
        RPC_ERRORS.INTERNAL,
        `Internal error: too many subscriptions (at most ${MAX_SUBSCRIPTIONS_PER_CONNECTION} on one connection)`,
      );
    const id = this.nextId++;
    const sub: Subscription = { id, owner, commitment: params.commitment ?? 'finalized', spec, waiting: [] };
    this.all.set(id, sub);
    mine.add(id);
    this.perOwner.set(owner, mine);
    return { id, then: () => this.catchUp(sub) };
  }

  remove(owner: Subscriber, kind: Kind, id: number): boolean {
    const sub = this.all.get(id);
    if (!sub || sub.owner !== owner || sub.spec.kind !== kind)
      throw new RpcError(RPC_ERRORS.INVALID_PARAMS, 'Invalid subscription id.');
    this.drop(sub);
    return true;
  }

  dropOwner(owner: Subscriber): void {
    for (const id of this.perOwner.get(owner) ?? []) this.all.delete(id);
    this.perOwner.delete(owner);
  }

  private drop(sub: Subscription): void {
    this.all.delete(sub.id);
    this.perOwner.get(sub.owner)?.delete(sub.id);
  }

  private notify(sub: Subscription, result: unknown): void {
    if (!this.all.has(sub.id)) return;
    sub.owner.send(
      stringify({
        jsonrpc: '2.0',
        method: NOTIFICATION[sub.spec.kind],
        params: { result, subscription: sub.id },
      }),
    );
  }

  /**
   * A signature that already reached the commitment is told at once (a validator tells only those landing
   * after the subscription; clients check the status as well, so either way they hear it).
   */
  private catchUp(sub: Subscription): void {
    if (sub.spec.kind !== 'signature') return;
    const tx = this.ctx.chain.transaction(sub.spec.signature);
    if (!tx) return;
    const current = this.ctx.chain.slot();
    if (reached(tx.slot, current, sub.commitment))
      this.signatureDone(sub, tx, slotAt(current, sub.commitment));
    else sub.waiting.push({ slot: tx.slot, notify: (slot) => this.signatureDone(sub, tx, slot) });
  }

  private signatureDone(sub: Subscription, tx: TxRecord, slot: number): void {
    this.notify(sub, { context: { slot: big(slot) }, value: { err: tx.err } });
    this.drop(sub);
  }

  /** What one landed transaction tells each subscriber: now, or when its slot is sealed (finalized). */
  /**
   * An account in a notification. Data too long for base58 is told in the words a validator's PubSub uses
   * (a read over HTTP is refused instead, before anything is sent).
   */
  private account(a: AccountLike, encoding: string, slice?: Slice) {
    try {
      return accountJson(a, encoding, this.ctx.decimalsOf, slice);
    } catch {
      const base = accountJson({ ...a, data: new Uint8Array() }, 'base64', this.ctx.decimalsOf);
      return {
        ...base,
        space: big(a.data.length),
        data: ['error: data too large for bs58 encoding', encoding],
      };
    }
  }

  /** Runs inside the chain's transaction path: nothing here may throw into it. */
  private landed(record: TxRecord): void {
    if (this.all.size === 0) return;
    try {
      this.notifyLanded(record);
    } catch (error) {
      console.error('solana pubsub: a notification failed', error);
    }
  }

  private notifyLanded(record: TxRecord): void {
    const d = decodeRecord(record);
    // a failed transaction stores only its fee payer (charged the fee), as on a validator
    const written = record.err === null ? d.keys.filter((_k, i) => d.writable[i]) : d.keys.slice(0, 1);
    // read once per transaction however many program subscribers look at the same accounts
    const reads = new Map<string, ReturnType<MethodContext['chain']['account']>>();
    const read = (k: string) => {
      if (!reads.has(k)) reads.set(k, this.ctx.chain.account(k as Address));
      return reads.get(k)!;
    };
    for (const sub of [...this.all.values()]) {
      const notify = this.notification(sub, record, d.keys, written, read);
      if (!notify) continue;
      if (sub.commitment === 'finalized') sub.waiting.push({ slot: record.slot, notify });
      else notify(record.slot);
    }
  }

  private notification(
    sub: Subscription,
    record: TxRecord,
    keys: readonly string[],
    written: readonly string[],
    read: (address: string) => ReturnType<MethodContext['chain']['account']>,
  ): ((slot: number) => void) | null {
    const spec = sub.spec;
    const context = (slot: number) => ({ slot: big(slot) });
    switch (spec.kind) {
      case 'signature':
        if (spec.signature !== record.signature) return null;
        if (spec.received) this.notify(sub, { context: context(record.slot), value: 'receivedSignature' });
        return (slot) => this.signatureDone(sub, record, slot);
      case 'account':
        if (!written.includes(spec.address)) return null;
        return (slot) => {
          const a = this.ctx.chain.account(spec.address as Address);
          this.notify(sub, {
            context: context(slot),
            // a closed account is told as an empty one owned by the System program, as a validator does
            value: a
              ? this.account(a, spec.encoding, spec.slice)
              : this.account(
                  {
                    lamports: 0n,
                    data: new Uint8Array(),
                    programAddress: '11111111111111111111111111111111',
                    executable: false,
                  },
                  spec.encoding,
                ),
          });
        };
      case 'program': {
        const matching = written.filter((k) => {
          const a = read(k);
          return a !== null && a.programAddress === spec.program && spec.filters(new Uint8Array(a.data));
        });
        if (matching.length === 0) return null;
        return (slot) => {
          for (const k of matching) {
            const a = this.ctx.chain.account(k as Address);
            if (!a) continue;
            this.notify(sub, {
              context: context(slot),
              value: { pubkey: k, account: this.account(a, spec.encoding, spec.slice) },
            });
          }
        };
      }
      case 'logs':
        if (spec.mentions !== null && !keys.includes(spec.mentions)) return null;
        return (slot) =>
          this.notify(sub, {
            context: context(slot),
            value: { signature: record.signature, err: record.err, logs: record.logs },
          });
      case 'slot':
        return null;
    }
  }

  /** Runs often: tells slot subscribers of new slots, and finalized subscribers of sealed ones. */
  tick(): void {
    try {
      this.notifySlots();
    } catch (error) {
      console.error('solana pubsub: a notification failed', error);
    }
  }

  private notifySlots(): void {
    const current = this.ctx.chain.slot();
    if (current <= this.lastSlot) return;
    const from = Math.max(this.lastSlot + 1, current - MAX_SLOT_NOTIFICATIONS + 1);
    this.lastSlot = current;
    for (const sub of [...this.all.values()]) {
      if (sub.spec.kind === 'slot')
        for (let s = from; s <= current; s += 1)
          this.notify(sub, { parent: big(s - 1), root: big(Math.max(0, s - 1)), slot: big(s) });
      if (sub.waiting.length === 0) continue;
      const due = sub.waiting.filter((w) => reached(w.slot, current, 'finalized'));
      sub.waiting = sub.waiting.filter((w) => !due.includes(w));
      for (const w of due) w.notify(slotAt(current, 'finalized'));
    }
  }
}
