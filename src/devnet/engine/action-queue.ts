// POST /action with the signature checked off the event loop. A session-signed action's Ed25519 check (the
// largest single cost of an action, ~40% of the devnet thread) starts on libuv's thread pool as the body
// arrives, so the event loop parses and executes other requests meanwhile and the check runs on the other
// core. Actions still execute one at a time, in the order they arrived, and through the same checks in the
// same order (Engine.run), so every receipt is the one the synchronous path gives: only where the signature
// check runs has moved.
import type { Engine } from './engine';
import type { CheckedSignature } from './engine';

export type VerifyAsync = (
  raw: Uint8Array,
  signature: Uint8Array,
  publicKey: Uint8Array,
  framing: 'session',
) => Promise<boolean>;

export class ActionQueue {
  /** settles when the last action that arrived has executed */
  private tail: Promise<unknown> = Promise.resolve();
  /** actions that arrived and have not executed yet */
  private waiting = 0;
  private closed = false;

  constructor(
    private readonly engine: Engine,
    private readonly verify: VerifyAsync,
  ) {}

  /** The encoded receipt of a POST /action body, once every action that arrived before it has executed. */
  submit(body: Buffer): Buffer | Promise<Buffer> {
    if (this.closed) throw new Error('The exchange is shutting down: the action was not executed.');
    const parsed = this.engine.parse(body);
    if ('receipt' in parsed) return this.engine.encodeReceipt(parsed.receipt);
    const ahead = this.engine.sessionSignature(parsed);
    // nothing to check ahead and nothing before it: executed now, as the synchronous path does
    if (ahead === null && this.waiting === 0) return this.engine.encodeReceipt(this.engine.run(parsed));
    const checked: Promise<CheckedSignature | undefined> = ahead
      ? this.verify(ahead.raw, ahead.signature, ahead.publicKey, 'session').then((valid) => ({
          sessionKey: ahead.sessionKey,
          valid,
        }))
      : Promise.resolve(undefined);
    this.waiting += 1;
    const answer = this.tail.then(async () => {
      const signature = await checked;
      try {
        return this.engine.encodeReceipt(this.engine.run(parsed, signature));
      } finally {
        this.waiting -= 1;
      }
    });
    this.tail = answer.catch(() => undefined);
    return answer;
  }

  /**
   * Shutting down: every action that arrived before this executes first (its check may still be on the
   * thread pool), so none runs after the state is saved and closed; later ones are refused.
   */
  async close(): Promise<void> {
    this.closed = true;
    await this.tail;
  }
}
