// A SecretStore whose reads of one item can be held, to see what runs while the lock waits on the keychain
// (the lock record's read is how an unlock attempt begins its check). Every read's name is recorded.
import type { SecretStore } from '../../src/main/keychain/secret-store';

interface Gate {
  open: Promise<void>;
  reached: () => void;
}

export class GatedStore implements SecretStore {
  readonly reads: string[] = [];
  private readonly gates = new Map<string, Gate>();

  constructor(private readonly inner: SecretStore) {}

  /**
   * Holds the reads of `name` that start from now until `release()`; `held` settles when one is waiting.
   * A later hold of the same name holds the reads that start after it, not the ones already waiting.
   */
  hold(name: string): { held: Promise<void>; release: () => void } {
    let release!: () => void;
    let reached!: () => void;
    const held = new Promise<void>((resolve) => (reached = resolve));
    const gate: Gate = { open: new Promise((resolve) => (release = resolve)), reached };
    this.gates.set(name, gate);
    return {
      held,
      release: () => {
        if (this.gates.get(name) === gate) this.gates.delete(name);
        release();
      },
    };
  }

  async get(name: string): Promise<string | null> {
    this.reads.push(name);
    const gate = this.gates.get(name);
    if (gate) {
      gate.reached();
      await gate.open;
    }
    return this.inner.get(name);
  }

  set(name: string, secret: string): Promise<void> {
    return this.inner.set(name, secret);
  }

  delete(name: string): Promise<boolean> {
    return this.inner.delete(name);
  }
}
