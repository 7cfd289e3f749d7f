// The raw keychain calls run in a worker thread (issue 14 item 8): a binding that blocks (the Secret
// Service waiting in select(), a prompt) no longer stops the main thread, and a call that never returns
// fails with a clear error after its deadline while later calls get a fresh worker. The real binding is
// exercised by tests/integration/keychain.test.ts; here a stand-in module with the binding's `Entry` shape
// blocks on purpose.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createKeyringStore } from '../../../../src/main/keychain/secret-store';

const dir = mkdtempSync(join(tmpdir(), 'perpetua-binding-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const binding = join(dir, 'binding.cjs');
writeFileSync(
  binding,
  `const { threadId } = require('node:worker_threads');
const values = new Map();
const block = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
class Entry {
  constructor(service, name) { this.key = service + '/' + name; this.name = name; }
  getPassword() {
    if (this.name === 'thread') return String(threadId);
    if (this.name === 'slow') block(400);
    if (this.name === 'stuck') block(10000);
    if (this.name === 'broken') throw new Error('Platform secure storage failure: DBus error: org.freedesktop.DBus.Error.ServiceUnknown');
    return values.get(this.key) ?? null;
  }
  setPassword(secret) { values.set(this.key, secret); }
  deleteCredential() { return values.delete(this.key); }
}
module.exports = { Entry };
`,
);

describe('keychain calls in a worker thread', () => {
  it('stores, reads and deletes through the same async API, off the main thread', async () => {
    const store = createKeyringStore('svc', { binding });
    expect(await store.get('thread')).not.toBe('0');
    await store.set('wallet:a', 'secret-a');
    expect(await store.get('wallet:a')).toBe('secret-a');
    expect(await store.delete('wallet:a')).toBe(true);
    expect(await store.get('wallet:a')).toBeNull();
    expect(await store.delete('wallet:a')).toBe(false);
  });

  it('the main thread keeps running while the binding blocks', async () => {
    const store = createKeyringStore('svc', { binding });
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 20);
    await store.get('slow');
    clearInterval(timer);
    expect(ticks).toBeGreaterThanOrEqual(5);
  });

  it('a call that never returns fails with a clear error; the next call works', async () => {
    // The deadline also covers starting the replacement worker, which can take a good part of a second on a
    // loaded machine: 2 s is still far below the stuck call's 10 s.
    const store = createKeyringStore('svc', { binding, timeoutMs: 2_000 });
    await expect(store.get('stuck')).rejects.toMatchObject({
      code: 'KEYCHAIN_UNAVAILABLE',
      message: expect.stringContaining('did not answer'),
    });
    await store.set('after', 'ok');
    expect(await store.get('after')).toBe('ok');
  });

  it('the binding’s own failures keep their plain message', async () => {
    const store = createKeyringStore('svc', { binding });
    await expect(store.get('broken')).rejects.toMatchObject({
      code: 'KEYCHAIN_UNAVAILABLE',
      message: expect.stringContaining('No OS keychain is available'),
    });
  });
});
