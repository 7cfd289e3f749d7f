import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_SETTINGS, SettingsStore } from '../../../../src/main/settings/settings-store';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
const fresh = () => {
  const dir = mkdtempSync(join(tmpdir(), 'perpetua-settings-'));
  dirs.push(dir);
  return dir;
};

describe('settings store', () => {
  it('starts with no network chosen and the system theme, and writes nothing until something changes', () => {
    const dir = fresh();
    expect(new SettingsStore(dir).get()).toEqual({ network: null, theme: 'system' });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('keeps the network choice and the theme across restarts, in one small JSON file', () => {
    const dir = fresh();
    const store = new SettingsStore(dir);
    store.update({ network: { kind: 'custom', url: 'https://exchange.example.com' } });
    store.update({ theme: 'dark' });
    const again = new SettingsStore(dir);
    expect(again.get()).toEqual({
      network: { kind: 'custom', url: 'https://exchange.example.com' },
      theme: 'dark',
    });
    expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8'))).toMatchObject({ version: 1 });
    // written through a temp file and a rename: nothing half-written is left beside it
    expect(readdirSync(dir)).toEqual(['settings.json']);
  });

  it('refuses a value outside the schema and keeps the file as it was', () => {
    const dir = fresh();
    const store = new SettingsStore(dir);
    store.update({ theme: 'light' });
    const before = readFileSync(join(dir, 'settings.json'), 'utf8');
    expect(() => store.update({ theme: 'purple' as never })).toThrow();
    expect(() => store.update({ network: { kind: 'custom' } as never })).toThrow();
    expect(readFileSync(join(dir, 'settings.json'), 'utf8')).toBe(before);
    expect(store.get().theme).toBe('light');
  });

  it('a damaged file does not stop the app: defaults until the next change rewrites it', () => {
    const dir = fresh();
    writeFileSync(join(dir, 'settings.json'), '{"version": 1, "network": {"kind": "mainnet"}');
    const store = new SettingsStore(dir);
    expect(store.get()).toEqual(DEFAULT_SETTINGS);
    store.update({ theme: 'dark' });
    expect(new SettingsStore(dir).get()).toEqual({ network: null, theme: 'dark' });
  });

  it('hands out copies: changing what get() returned changes nothing stored', () => {
    const store = new SettingsStore(fresh());
    const got = store.get();
    got.theme = 'dark';
    expect(store.get().theme).toBe('system');
  });
});

// Accounts named on this computer: kept in main's settings file, checked there with zod whatever the window
// sent, and forgotten with a blank name.
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
