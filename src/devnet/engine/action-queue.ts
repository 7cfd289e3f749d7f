// POST /action with the signature checked off the event loop. A session-signed action's Ed25519 check (the
// largest single cost of an action, ~40% of the devnet thread) starts on libuv's thread pool as the body
// arrives, so the event loop parses and executes other requests meanwhile and the check runs on the other
// core. Actions still execute one at a time, in the order they arrived, and through the same checks in the
// same order (Engine.run), so every receipt is the one the synchronous path gives: only where the signature
// check runs has moved.
import type { Engine } from './engine';
import type { CheckedSignature, ParsedAction } from './engine';

export type VerifyAsync = (
  raw: Uint8Array,
  signature: Uint8Array,
  publicKey: Uint8Array,
  framing: 'session',
) => Promise<boolean>;

/** An action that arrived and has not executed: ready once its signature check (if any) has answered. */
interface Waiting {
  parsed: ParsedAction;
  ready: boolean;
  signature?: CheckedSignature;
  /** the check itself failed (not a false answer): the action is answered with this error */
  failed?: { error: unknown };
  resolve(receipt: Buffer): void;
  reject(error: unknown): void;
}

export class ActionQueue {
  /**
   * Actions in arrival order, from `head` on. Each executes when it and every one before it are ready: a
   * plain list walked when a check answers, rather than a chain of promises per action (its microtask hops
   * showed in POST /action's profile).
   */
  private waiting: Waiting[] = [];
  private head = 0;
  private closed = false;
  private drained: (() => void) | null = null;

  constructor(
    private readonly engine: Engine,
    private readonly verify: VerifyAsync,
  ) {}

  /** The encoded receipt of a POST /action body, once every action that arrived before it has executed. */
  submit(body: Buffer): Buffer | Promise<Buffer> {
    let now: Buffer | undefined;
    let later: { resolve(receipt: Buffer): void; reject(error: unknown): void } | undefined;
    this.submitTo(
      body,
      (receipt) => (later ? later.resolve(receipt) : (now = receipt)),
      (error) => later!.reject(error),
    );
    if (now !== undefined) return now;
    return new Promise<Buffer>((resolve, reject) => (later = { resolve, reject }));
  }

  /**
   * submit() with callbacks, for POST /action's own path (no promise and no microtask hops per action).
   * `resolve` is called before this returns when the action executes at once (nothing to check, nothing
   * ahead of it), later otherwise; `reject` only later. Throws what submit() throws.
   */
  submitTo(body: Buffer, resolve: (receipt: Buffer) => void, reject: (error: unknown) => void): void {
    if (this.closed) throw new Error('The exchange is shutting down: the action was not executed.');
    const parsed = this.engine.parse(body);
    if ('receipt' in parsed) return resolve(this.engine.encodeReceipt(parsed.receipt));
    const ahead = this.engine.sessionSignature(parsed);
    const idle = this.head === this.waiting.length;
    // nothing to check ahead and nothing before it: executed now, as the synchronous path does
    if (ahead === null && idle) return resolve(this.engine.encodeReceipt(this.engine.run(parsed)));
    const entry: Waiting = { parsed, ready: ahead === null, resolve, reject };
    this.waiting.push(entry);
    if (ahead === null) return;
    this.verify(ahead.raw, ahead.signature, ahead.publicKey, 'session').then(
      (valid) => {
        entry.signature = { sessionKey: ahead.sessionKey, valid };
        entry.ready = true;
        this.drain();
      },
      (error: unknown) => {
        entry.failed = { error };
        entry.ready = true;
        this.drain();
      },
    );
  }

  /** Executes, in arrival order, every action whose turn has come. */
  private drain(): void {
    while (this.head < this.waiting.length && this.waiting[this.head]!.ready) {
      const entry = this.waiting[this.head]!;
      this.head += 1;
      let receipt: Buffer;
      try {
        if (entry.failed) throw entry.failed.error;
        receipt = this.engine.encodeReceipt(this.engine.run(entry.parsed, entry.signature));
      } catch (error) {
        entry.reject(error);
        continue;
      }
      entry.resolve(receipt);
    }
    if (this.head === this.waiting.length) {
      this.waiting = [];
      this.head = 0;
      this.drained?.();
      this.drained = null;
    }
  }

  /**
   * Shutting down: every action that arrived before this executes first (its check may still be on the
   * thread pool), so none runs after the state is saved and closed; later ones are refused.
   */
  async close(): Promise<void> {
    this.closed = true;
    if (this.head === this.waiting.length) return;
    await new Promise<void>((resolve) => (this.drained = resolve));
  }
}
