// Recovery phrases in a real browser against the browser host, the devnet and a real OS keychain: create a
// wallet from a new phrase (backup checked by words), add the next wallet from it, import a known phrase whose
// second Phantom wallet already has an exchange account (the import screen finds it and its balance), export
// the phrase after the passphrase, and remove a phrase's last wallet, forgetting the phrase with it.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { RunningApp } from './support/app';
import { PASSPHRASE, setUpToWalletStep } from './support/steps';
import { Trader } from './support/trader';
import { derivePath } from '../../src/main/wallets/slip10';
import { phraseSeed } from '../../src/main/wallets/mnemonic';

test.describe.configure({ mode: 'serial' });
test.use({ setup: { spec: 'phrases', clipboard: true } });

// the widely published BIP39 test phrase; its addresses are checked against other wallets in
// tests/unit/main/wallets/phrase-vectors.test.ts
const ABANDON =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const PHANTOM_0 = 'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk';
const PHANTOM_1 = 'Hh8QwFUA6MtVu1qAoq12ucvFHNwCcVTV7hpWjeY1Hztb';

let app: RunningApp;
let page: Page;
let created: string[] = [];
const shot = (name: string, mask: string[] = []) =>
  page.screenshot({ path: `docs/screenshots/${name}.png`, mask: mask.map((id) => page.getByTestId(id)) });
const dialog = () => page.getByRole('dialog');
const group = (n: number) => page.getByRole('region', { name: `Recovery phrase ${n}`, exact: true });
const card = (label: string) => page.getByRole('region', { name: label, exact: true });
const words = async (testId: string) =>
  (await dialog().getByTestId(testId).getByRole('listitem').allTextContents()).map((t) =>
    t.replace(/^\s*\d+\.\s*/, '').trim(),
  );

test.beforeAll(async ({ app: started, appPage }) => {
  [app, page] = [started, appPage];
  // the page's clock runs as usual, but a test can move it on: the clipboard is cleared a minute after a copy
  await page.clock.install();
});

test('create: 24 words shown once, copied (and cleared from the clipboard a minute later), then three asked back by position; the wallet appears under its phrase', async () => {
  await page.goto(app.url);
  await setUpToWalletStep(page);
  await page.getByRole('button', { name: 'Create a new wallet' }).click();
  await dialog().getByLabel('Wallet name').fill('Everyday');
  await expect(dialog().getByRole('radio', { name: '24 words (recommended)' })).toBeChecked();
  // the words are shown only with the passphrase: whoever sees them holds a wallet that counts as own
  await expect(dialog().getByRole('button', { name: 'Create wallet' })).toBeDisabled();
  await dialog().getByLabel('Confirm with your passphrase').fill('not my passphrase');
  await dialog().getByRole('button', { name: 'Create wallet' }).click();
  await expect(dialog().getByRole('alert')).toContainText('That passphrase is not correct.');
  await dialog().getByLabel('Confirm with your passphrase').fill(PASSPHRASE);
  await dialog().getByRole('button', { name: 'Create wallet' }).click();
  await expect(dialog().getByTestId('new-phrase').getByRole('listitem')).toHaveCount(24);
  // the keyboard is enough: the next step's button has the focus
  await expect(dialog().getByRole('button', { name: 'I wrote it down' })).toBeFocused();
  created = await words('new-phrase');
  expect(new Set(created).size).toBeGreaterThan(1);
  await dialog().getByRole('button', { name: 'Copy phrase' }).click();
  await expect(dialog().getByRole('status')).toContainText('cleared in a minute');
  expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(created.join(' '));
  await page.clock.fastForward(50_000);
  expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(created.join(' '));
  await page.clock.fastForward(10_000);
  await expect.poll(() => page.evaluate<string>('navigator.clipboard.readText()')).toBe('');
  // even a throwaway devnet phrase never goes into a committed picture
  await shot('phrase-create', ['new-phrase']);

  // the check's first field has the focus
  await dialog().getByRole('button', { name: 'I wrote it down' }).click();
  const asked = dialog().getByLabel(/^Word \d+$/);
  await expect(asked).toHaveCount(3);
  await expect(asked.first()).toBeFocused();
  const positions = (
    await dialog()
      .locator('label')
      .filter({ hasText: /^Word \d+$/ })
      .allTextContents()
  ).map((t) => Number(t.slice(5)));
  expect(positions.every((p) => p >= 1 && p <= 24)).toBe(true);
  // two right, one wrong: the wrong one is named, nothing is stored
  for (const [i, p] of positions.entries()) await asked.nth(i).fill(i === 2 ? 'zzz' : created[p - 1]!);
  await dialog().getByRole('button', { name: 'Check and store the wallet' }).click();
  await expect(dialog().getByRole('alert')).toContainText(
    `That is not word ${positions[2]} of your recovery phrase.`,
  );
  // capitals and spaces do not matter
  await asked.nth(2).fill(`  ${created[positions[2]! - 1]!.toUpperCase()} `);
  // the three words typed are the phrase's too: masked like it
  await page.screenshot({ path: 'docs/screenshots/phrase-backup-check.png', mask: [asked] });
  await asked.nth(2).press('Enter');
  await expect(dialog()).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Wallets and accounts' })).toBeVisible();
  await expect(group(1)).toContainText('24 words');
  await expect(group(1)).toContainText("m/44'/501'/i'/0'");
  await expect(group(1).getByRole('region', { name: 'Everyday' })).toContainText("m/44'/501'/0'/0'");
  await expect(page.getByText(created.slice(0, 3).join(' '))).toHaveCount(0);
});

test('add next wallet: the next index on the phrase’s path, grouped under the same phrase', async () => {
  await group(1).getByRole('button', { name: 'Add next wallet' }).click();
  await expect(dialog()).toContainText("m/44'/501'/1'/0'");
  const name = dialog().getByLabel('Wallet name');
  await expect(name).toHaveValue('Wallet 2');
  await name.fill('Savings');
  await name.press('Enter');
  await expect(dialog()).toHaveCount(0);
  await expect(group(1).getByRole('region', { name: 'Savings' })).toContainText("m/44'/501'/1'/0'");
  await expect(group(1).getByRole('region', { name: 'Everyday' })).toBeVisible();
});

test('import: a wrong word and a wrong checksum are named plainly; the phrase’s wallets are listed with their accounts and balances', async () => {
  // the abandon phrase's second Phantom wallet already trades on this exchange, 100 USDC in one account
  const seed = phraseSeed(ABANDON);
  const used = new Trader(
    app.exchangeUrl,
    'phantom-1',
    app.solanaRpcUrl,
    derivePath(seed, "m/44'/501'/1'/0'").key,
  );
  expect(used.address).toBe(PHANTOM_1);
  const account = await used.deposit(0, 100_000_000n);

  await page.getByRole('button', { name: 'Import wallet' }).click();
  await expect(dialog().getByRole('tab', { name: 'Recovery phrase' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const field = dialog().getByRole('textbox', { name: 'Recovery phrase' });
  await field.fill(ABANDON.replace(/about$/, 'abuot'));
  await dialog().getByRole('button', { name: 'Find my wallets' }).click();
  await expect(dialog().getByRole('alert')).toContainText(
    'Word 12, “abuot”, is not in the English recovery-phrase word list.',
  );
  await field.fill(ABANDON.replace(/about$/, 'abandon'));
  await dialog().getByRole('button', { name: 'Find my wallets' }).click();
  await expect(dialog().getByRole('alert')).toContainText(
    'The checksum of this recovery phrase does not match',
  );
  await field.fill(ABANDON.replace(/about$/, 'abandon abandon'));
  await dialog().getByRole('button', { name: 'Find my wallets' }).click();
  await expect(dialog().getByRole('alert')).toContainText('this one has 13');
  // extra spaces, capitals and line breaks are fine
  await field.fill(
    `  ${ABANDON.toUpperCase().replaceAll(' ', '  ').replace('ABANDON  ABANDON', 'ABANDON\nABANDON')}  `,
  );
  await dialog().getByRole('button', { name: 'Find my wallets' }).click();

  const phantom = dialog().getByRole('table', { name: "Wallets on m/44'/501'/i'/0'", exact: true });
  await expect(phantom.getByRole('row')).toHaveCount(6);
  await expect(
    dialog().getByRole('table', { name: "Wallets on m/44'/501'/i'", exact: true }).getByRole('row'),
  ).toHaveCount(6);
  await expect(
    dialog().getByRole('table', { name: "Wallets on m/44'/501'", exact: true }).getByRole('row'),
  ).toHaveCount(2);
  const row = (path: string) => dialog().getByRole('row').filter({ hasText: path });
  await expect(row("m/44'/501'/1'/0'")).toContainText(`#${account}: 100.00 USDC`);
  await expect(row("m/44'/501'/0'/0'")).toContainText('No account');
  await expect(row("m/44'/501'/0'/0'")).toContainText(`${PHANTOM_0.slice(0, 6)}…${PHANTOM_0.slice(-6)}`);
  // the used wallet is ticked for the person; the unused first one is not
  await expect(dialog().getByRole('checkbox', { name: "Add m/44'/501'/1'/0'" })).toBeChecked();
  await expect(dialog().getByRole('checkbox', { name: "Add m/44'/501'/0'/0'" })).not.toBeChecked();
  // nothing is stored before the choice
  await expect(card('Phantom')).toHaveCount(0);
  await dialog().getByLabel('Wallet name').fill('Phantom');
  // adding the phrase's wallets makes them the person's own: only with the passphrase
  await expect(dialog().getByRole('button', { name: 'Add wallet', exact: true })).toBeDisabled();
  await dialog().getByLabel('Confirm with your passphrase').fill(PASSPHRASE);
  await shot('phrase-import');
  await dialog().getByRole('button', { name: 'Add wallet', exact: true }).click();
  await expect(dialog()).toHaveCount(0);

  await expect(group(2)).toContainText('12 words');
  await expect(group(2).getByRole('region', { name: 'Phantom' })).toContainText(PHANTOM_1);
  await expect(
    group(2).getByRole('region', { name: 'Phantom' }).getByRole('table', { name: 'Accounts of Phantom' }),
  ).toContainText(`#${account}`);
  await shot('phrase-accounts');
});

test('export: the phrase of a phrase-born wallet after the passphrase, and still its secret key', async () => {
  await group(1).getByRole('region', { name: 'Savings' }).getByRole('button', { name: 'Export' }).click();
  await expect(dialog().getByRole('radio', { name: 'Recovery phrase' })).toBeChecked();
  await dialog().getByLabel('Your passphrase').fill('not my passphrase');
  await dialog().getByRole('button', { name: 'Show recovery phrase' }).click();
  await expect(dialog().getByRole('alert')).toContainText('That passphrase is not correct.');
  await dialog().getByLabel('Your passphrase').fill(PASSPHRASE);
  await dialog().getByLabel('Your passphrase').press('Enter');
  await expect(dialog().getByTestId('exported-phrase').getByRole('listitem')).toHaveCount(24);
  expect(await words('exported-phrase')).toEqual(created);
  await shot('phrase-export', ['exported-phrase']);
  await dialog().getByRole('button', { name: 'Done: forget it' }).click();

  await group(1).getByRole('region', { name: 'Savings' }).getByRole('button', { name: 'Export' }).click();
  await dialog().getByText('Secret key of this wallet').click();
  await dialog().getByLabel('Your passphrase').fill(PASSPHRASE);
  await dialog().getByRole('button', { name: 'Show secret key' }).click();
  await expect(dialog().getByTestId('exported-secret')).toBeVisible();
  await dialog().getByRole('button', { name: 'Done: forget it' }).click();
  await expect(dialog()).toHaveCount(0);
});

test('removing the last wallet of a phrase asks whether to forget the phrase too', async () => {
  const phantom = group(2).getByRole('region', { name: 'Phantom' });
  await phantom.getByRole('button', { name: 'Remove' }).click();
  const forget = dialog().getByRole('checkbox', { name: 'Also forget its recovery phrase' });
  await expect(forget).not.toBeChecked();
  await dialog().getByLabel('Type or paste the public key to confirm').fill(PHANTOM_1);
  await dialog().getByLabel('Confirm with your passphrase').fill(PASSPHRASE);
  await forget.check();
  await dialog().getByRole('button', { name: 'Remove wallet' }).click();
  await expect(dialog()).toHaveCount(0);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Its recovery phrase is forgotten too.' }),
  ).toBeVisible();
  await expect(group(2)).toHaveCount(0);
  // the other phrase's wallets are not the last: no such question for them
  await group(1).getByRole('region', { name: 'Savings' }).getByRole('button', { name: 'Remove' }).click();
  await expect(dialog().getByRole('checkbox', { name: 'Also forget its recovery phrase' })).toHaveCount(0);
  await page.keyboard.press('Escape');
});
