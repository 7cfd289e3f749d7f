// What the audit log says of each thing that touches a key: one sentence naming the wallet by the label it
// had when the line was written, whatever the wallet is called later, and nothing secret.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AuditLog } from '../../../../src/main/audit/audit-log';
import * as events from '../../../../src/main/audit/key-events';

let dir: string;
let log: AuditLog;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'perpetua-key-events-'));
  log = new AuditLog(join(dir, 'audit.jsonl'), { now: () => Date.UTC(2026, 10, 28) });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const hot = { publicKey: 'HotKey1111111111111111111111111111111111111', label: 'Hot key' };

it('words each key event with the wallet’s label', () => {
  const recorded: [events.KeyEvent, string][] = [
    [events.walletKeyShown(hot), 'Showed the secret key of new wallet Hot key, to back it up'],
    [events.walletCreated(hot), 'Created wallet Hot key, its secret key backed up'],
    [events.walletImported(hot), 'Imported wallet Hot key from its secret key'],
    [events.walletExported(hot), 'Exported the secret key of wallet Hot key'],
    [events.walletRemoved(hot), 'Removed wallet Hot key and its key from this device'],
    [
      events.phraseShown(hot, 12),
      'Showed the new 12-word recovery phrase of wallet Hot key, to write it down',
    ],
    [
      events.phraseCreated(hot, 24, "m/44'/501'/0'/0'"),
      'Created wallet Hot key from a new 24-word recovery phrase',
    ],
    [events.phraseImported(hot, "m/44'/501'/1'/0'"), 'Imported wallet Hot key from a recovery phrase'],
    [events.phraseWalletAdded(hot, "m/44'/501'/2'/0'"), 'Added wallet Hot key from its recovery phrase'],
    [events.phraseExported(hot), 'Exported the recovery phrase of wallet Hot key'],
    [events.phraseExported(null), 'Exported a recovery phrase none of whose wallets is left'],
    [events.phraseForgotten(12), 'Forgot a 12-word recovery phrase whose wallets were all removed'],
    [events.passphraseChosen(), 'Chose the passphrase that locks Perpetua'],
    [events.passphraseChanged(), 'Changed the passphrase; every key was sealed again under the new one'],
    [
      events.passphraseReset(1, 2),
      'Removed every key and the passphrase from this device, the passphrase being forgotten (1 wallet, 2 recovery phrases)',
    ],
    [events.wrongPassphrase('unlock', 1, 0), 'Entered a wrong passphrase to unlock (1 in a row)'],
    [
      events.wrongPassphrase('confirm', 4, 2),
      'Entered a wrong passphrase to confirm an operation (4 in a row)',
    ],
    [events.wrongPassphrase('change', 2, 0), 'Entered a wrong passphrase to change it (2 in a row)'],
    [events.drillStarted('compromisedKey', hot), 'Started the compromised-key drill for wallet Hot key'],
    [
      events.drillFinished('sweep', hot, true, 'Moved 2 transfers.'),
      'Finished the multi-account sweep for wallet Hot key',
    ],
    // a drill added later is named by its kind until it has words of its own
    [events.drillStarted('walletKeyLeaked', hot), 'Started the walletKeyLeaked drill for wallet Hot key'],
  ];
  for (const [event] of recorded) log.record(event);
  const { entries } = log.list({ limit: 100 });
  expect(entries.map((e) => e.sentence).reverse()).toEqual(recorded.map(([, sentence]) => sentence));
  // each wallet's lines are found by its key, with its label kept beside it
  expect(
    log.list({ wallet: hot.publicKey, limit: 100 }).entries.every((e) => e.walletLabel === 'Hot key'),
  ).toBe(true);
  expect(entries.every((e) => e.time === Date.UTC(2026, 10, 28))).toBe(true);
  // the path a phrase's wallet was made on is said beneath, quietly
  expect(log.list({ kind: 'phraseImported' }).entries[0]!.detail).toBe("path m/44'/501'/1'/0'");
});

it('counts a wrong passphrase and says how long the next wait is, and shows it refused', () => {
  log.record(events.wrongPassphrase('confirm', 4, 2));
  const [line] = log.list().entries;
  expect(line).toMatchObject({
    kind: 'wrongPassphrase',
    wallet: '',
    result: 'err',
    error: 'WRONG_PASSPHRASE',
    detail: 'The next attempt waits 2 s.',
  });
  expect(log.toCsv()).toContain('Entered a wrong passphrase to confirm an operation (4 in a row)');
});

it('says whether a drill finished with everything done, its summary beneath', () => {
  log.record(
    events.drillFinished(
      'compromisedKey',
      hot,
      false,
      `Revoked 1 session; 1 step failed. ${'x '.repeat(150)}`,
    ),
  );
  const [line] = log.list().entries;
  expect(line).toMatchObject({ kind: 'drillFinished', result: 'err' });
  expect(line!.detail!.length).toBeLessThanOrEqual(200);
  expect(line!.detail).toMatch(/^Revoked 1 session; 1 step failed\. (x )+x…$/);
  expect(line!.sentence).toBe('Finished the compromised-key drill for wallet Hot key');
});

it('keeps a renamed wallet’s old name in the lines written before the rename', () => {
  log.record(events.walletImported(hot));
  log.record(events.walletExported({ ...hot, label: 'Savings' }));
  expect(log.list().entries.map((e) => e.sentence)).toEqual([
    'Exported the secret key of wallet Savings',
    'Imported wallet Hot key from its secret key',
  ]);
  expect(readFileSync(join(dir, 'audit.jsonl'), 'utf8')).toContain('"walletLabel":"Hot key"');
});
