// Accounts named on this computer: kept in main's settings file, checked there with zod whatever the window
// sent, and forgotten with a blank name.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SettingsStore } from '../../../../src/main/settings/settings-store';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
const fresh = () => {
  const dir = mkdtempSync(join(tmpdir(), 'perpetua-names-'));
  dirs.push(dir);
  return dir;
};

describe('account names', () => {
  it('are kept across restarts, trimmed, one per account, and forgotten with a blank name', () => {
    const dir = fresh();
    const store = new SettingsStore(dir);
    expect(store.accountNames()).toEqual([]);
    store.nameAccount(4, '  Savings ');
    store.nameAccount(7, 'Trading');
    expect(store.nameAccount(4, 'Rainy day')).toEqual([
      { accountId: 7, name: 'Trading' },
      { accountId: 4, name: 'Rainy day' },
    ]);
    expect(new SettingsStore(dir).accountNames()).toEqual([
      { accountId: 7, name: 'Trading' },
      { accountId: 4, name: 'Rainy day' },
    ]);
    expect(store.nameAccount(7, '   ')).toEqual([{ accountId: 4, name: 'Rainy day' }]);
    expect(store.nameAccount(4, null)).toEqual([]);
  });

  it('refuses a name that is too long or has control characters, in plain words, and saves nothing', () => {
    const dir = fresh();
    const store = new SettingsStore(dir);
    store.nameAccount(4, 'Savings');
    const before = readFileSync(join(dir, 'settings.json'), 'utf8');
    expect(() => store.nameAccount(4, 'x'.repeat(33))).toThrow('A name has at most 32 characters.');
    expect(() => store.nameAccount(4, 'bad\u0007name')).toThrow('A name cannot contain control characters.');
    expect(() => store.nameAccount(4, 'right\u202Eto left')).toThrow('control characters');
    expect(readFileSync(join(dir, 'settings.json'), 'utf8')).toBe(before);
    expect(store.accountNames()).toEqual([{ accountId: 4, name: 'Savings' }]);
  });

  it('keeps the operating-system notifications choice', () => {
    const dir = fresh();
    new SettingsStore(dir).update({ osNotifications: false });
    expect(new SettingsStore(dir).get().osNotifications).toBe(false);
  });
});
