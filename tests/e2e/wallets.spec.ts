// Managing wallets in a real browser against the browser host, the devnet and a real OS keychain: import
// from a settlement-chain CLI keypair file (in the first-run step), rename, export after re-entering the passphrase, remove after
// typing the public key, and change the passphrase. The imported key is one the test knows (a Trader), so
// the export can be checked against it and the wallet can own a real exchange account.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import bs58 from 'bs58';
import type { RunningApp } from './support/app';
import { PASSPHRASE, setUpToWalletStep } from './support/steps';
import { Trader } from './support/trader';
import { SigningKey } from '../../src/protocol/keys';

test.describe.configure({ mode: 'serial' });
test.use({ setup: { spec: 'wallets', clipboard: true } });

const NEW_PASSPHRASE = 'a brand new e2e passphrase';
let app: RunningApp;
let page: Page;
let trader: Trader;
const shot = (name: string, mask: string[] = []) =>
  page.screenshot({ path: `docs/screenshots/${name}.png`, mask: mask.map((id) => page.getByTestId(id)) });
const go = (name: string) => page.getByRole('link', { name, exact: true }).click();
/** The wallet's card on the Accounts page: a region named by the wallet's name. */
const card = (label: string) => page.getByRole('region', { name: label, exact: true });
const dialog = () => page.getByRole('dialog');

/** What the settlement chain's CLI writes: the 64-byte secret (seed, then public key) as a JSON array. */
function keypairFile(seed: Buffer): Buffer {
  const key = new SigningKey(seed);
  return Buffer.from(JSON.stringify([...seed, ...key.publicKey]));
}

/** Opens the import modal and picks a file through the "Keypair file" field, as a person would. */
async function chooseKeypairFile(name: string, buffer: Buffer): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await dialog().getByLabel('Keypair file', { exact: true }).click();
  await (await chooser).setFiles({ name, mimeType: 'application/json', buffer });
}

test.beforeAll(({ app: started, appPage, trader: own }) => {
  [app, page, trader] = [started, appPage, own];
});

test('import from a keypair file in the first-run step: a wrong file is refused plainly, the CLI file gives the expected public key', async () => {
  await page.goto(app.url);
  await setUpToWalletStep(page);
  await page.getByRole('button', { name: 'Import a wallet' }).click();
  // a recovery phrase is the usual way in (phrases.spec.ts); this wallet comes as a CLI keypair file
  await dialog().getByRole('tab', { name: 'Secret key or keypair file' }).click();
  await dialog().getByLabel('Wallet name').fill('Trader');

  // a big file is not even read
  await chooseKeypairFile('photo.json', Buffer.alloc(3000, 32));
  await expect(dialog().getByText('This file is too large to be a keypair file.')).toBeVisible();
  await expect(dialog().getByRole('button', { name: 'Import', exact: true })).toBeDisabled();

  // 63 numbers is not a keypair file: main says what a keypair file is
  const seed = Buffer.from(bs58.decode(trader.secret));
  await chooseKeypairFile('short.json', Buffer.from(JSON.stringify([...seed, ...seed.subarray(0, 31)])));
  await expect(dialog().getByText('short.json')).toBeVisible();
  // the pasted-key field steps aside while a file is chosen
  await expect(dialog().getByLabel('Secret key', { exact: true })).toBeDisabled();
  // a wallet added here counts as the person's own: the passphrase goes with the import, checked in main
  await expect(dialog().getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  const passphrase = dialog().getByLabel('Confirm with your passphrase');
  await passphrase.fill(PASSPHRASE);
  // the file is refused before the passphrase is even checked
  await dialog().getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog().getByRole('alert')).toContainText(
    'A keypair file holds a JSON array of 64 numbers from 0 to 255.',
  );

  await chooseKeypairFile('id.json', keypairFile(seed));
  await expect(dialog().getByText('id.json')).toBeVisible();
  await expect(dialog().getByRole('alert')).toHaveCount(0);
  await shot('wallet-import-file');
  await passphrase.fill('not my passphrase');
  await dialog().getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog().getByRole('alert')).toContainText('That passphrase is not correct.');
  await passphrase.fill(PASSPHRASE);
  await dialog().getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog()).toHaveCount(0);
  // the step is over: the app opens on Accounts, with the imported wallet
  await expect(page.getByRole('heading', { name: 'Wallets and accounts' })).toBeVisible();
  await expect(card('Trader')).toContainText(trader.address);
});

test('rename: the new name shows on Accounts and on Portfolio, and a name is at most 40 characters', async () => {
  const account = await trader.deposit(0, 100_000_000n); // 100 USDC: an account to show on Portfolio
  // the portfolio is re-read every 10 s; the account was opened outside the app
  await expect(card('Trader').getByRole('table', { name: 'Accounts of Trader' })).toContainText(
    `#${account}`,
    { timeout: 25_000 },
  );
  await card('Trader').getByRole('button', { name: 'Rename' }).click();
  const name = dialog().getByLabel('New wallet name');
  await expect(name).toBeFocused();
  await name.fill('x'.repeat(45));
  await expect(name).toHaveValue('x'.repeat(40));
  await name.fill('   ');
  await expect(dialog().getByText('A wallet needs a name.')).toBeVisible();
  await expect(dialog().getByRole('button', { name: 'Save name' })).toBeDisabled();
  await name.fill('Cold storage');
  await name.press('Enter'); // the keyboard is enough
  await expect(dialog()).toHaveCount(0);
  await expect(card('Cold storage')).toContainText(trader.address);
  await expect(card('Trader')).toHaveCount(0);

  await go('Portfolio');
  const row = page
    .getByRole('table', { name: 'Accounts' })
    .getByRole('row')
    .filter({ hasText: `#${account}` });
  await expect(row).toContainText('Cold storage');
});

test('export: a wrong passphrase is refused plainly; the right one shows the secret once, and it is the key', async () => {
  await go('Accounts');
  await card('Cold storage').getByRole('button', { name: 'Export' }).click();
  await expect(dialog().getByLabel('Your passphrase')).toBeFocused();
  await dialog().getByLabel('Your passphrase').fill('not my passphrase');
  await dialog().getByRole('button', { name: 'Show secret key' }).click();
  await expect(dialog().getByRole('alert')).toContainText('That passphrase is not correct.');
  await expect(dialog().getByTestId('exported-secret')).toHaveCount(0);

  await dialog().getByLabel('Your passphrase').fill(PASSPHRASE);
  await dialog().getByLabel('Your passphrase').press('Enter');
  const shown = dialog().getByTestId('exported-secret');
  await expect(shown).toBeVisible();
  await expect(dialog().getByText('Keep this secret key to yourself')).toBeVisible();
  await expect(dialog().getByRole('button', { name: 'Copy secret key' })).toBeFocused();
  const secret = (await shown.textContent())!.trim();
  expect(secret).toMatch(/^[1-9A-HJ-NP-Za-km-z]+$/);
  // a 64-byte secret whose seed derives this very wallet: imported anywhere, it is the same public key
  const bytes = bs58.decode(secret);
  expect(bytes).toHaveLength(64);
  expect(bs58.encode(new SigningKey(bytes.subarray(0, 32)).publicKey)).toBe(trader.address);
  expect(bs58.encode(bytes.subarray(32))).toBe(trader.address);
  expect(secret).toBe(
    bs58.encode(Buffer.concat([Buffer.from(bs58.decode(trader.secret)), bytes.subarray(32)])),
  );

  await dialog().getByRole('button', { name: 'Copy secret key' }).click();
  await expect(dialog().getByRole('status')).toContainText('Copied.');
  expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(secret);
  await page.evaluate('navigator.clipboard.writeText("")');
  // the secret never goes into a committed picture, even a throwaway devnet key
  await shot('wallet-export', ['exported-secret']);

  await dialog().getByRole('button', { name: 'Done: forget it' }).click();
  await expect(dialog()).toHaveCount(0);
  await expect(page.getByText(secret)).toHaveCount(0);
  // opening it again asks for the passphrase again: nothing was kept
  await card('Cold storage').getByRole('button', { name: 'Export' }).click();
  await expect(dialog().getByLabel('Your passphrase')).toHaveValue('');
  await expect(dialog().getByTestId('exported-secret')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog()).toHaveCount(0);
  await expect(page.getByText(secret)).toHaveCount(0);
});

test('change passphrase: a mismatch is shown first, a wrong current one is refused, then only the new one unlocks', async () => {
  await go('Settings');
  const form = page.getByRole('form', { name: 'Change passphrase' });
  const submit = form.getByRole('button', { name: 'Change passphrase' });
  await form.getByLabel('Current passphrase').fill('not my passphrase');
  await form.getByLabel('New passphrase', { exact: true }).fill(NEW_PASSPHRASE);
  await form.getByLabel('Repeat the new passphrase').fill(`${NEW_PASSPHRASE}!`);
  await expect(form.getByText('The two new passphrases differ.')).toBeVisible();
  await expect(submit).toBeDisabled();
  await form.getByLabel('Repeat the new passphrase').fill(NEW_PASSPHRASE);
  await expect(form.getByText('The two new passphrases differ.')).toHaveCount(0);
  await submit.click();
  await expect(form.getByRole('alert')).toContainText('That passphrase is not correct.');

  await form.getByLabel('Current passphrase').fill(PASSPHRASE);
  await submit.click();
  await expect(form.getByRole('status')).toContainText('Passphrase changed.');
  await expect(form.getByLabel('Current passphrase')).toHaveValue('');

  await page.getByRole('button', { name: 'Lock now' }).click();
  await expect(page.getByRole('heading', { name: 'Perpetua is locked' })).toBeVisible();
  await page.getByLabel('Passphrase').fill(PASSPHRASE);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByRole('alert')).toContainText('That passphrase is not correct.');
  await page.getByLabel('Passphrase').fill(NEW_PASSPHRASE);
  await page.getByRole('button', { name: 'Unlock' }).click();
  // back where the person was
  await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
});

/** Records, at each change of the page, whether it is locked, which page heading and loaders it shows. */
const RECORD_STATES = `
  window.statesSeen = [];
  const headings = () => [...document.querySelectorAll('h1')].map((h) => h.textContent);
  new MutationObserver(() =>
    window.statesSeen.push({
      locked: headings().includes('Perpetua is locked'),
      portfolio: headings().includes('Portfolio'),
      equity: document.querySelector('[aria-label="Total equity"]') !== null,
      loaders: [...document.querySelectorAll('[aria-label^="Loading"]')].map((el) => el.getAttribute('aria-label')),
    }),
  ).observe(document.body, { childList: true, subtree: true });
`;

test('unlocking draws the app once, with the portfolio: no loading screen between the lock screen and it', async () => {
  await go('Portfolio');
  await expect(page.getByRole('heading', { name: 'Portfolio' })).toBeVisible();
  await page.getByRole('button', { name: 'Lock', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Perpetua is locked' })).toBeVisible();
  // every state the page's DOM passes through, from here to the portfolio
  await page.evaluate(RECORD_STATES);
  await page.getByLabel('Passphrase').fill(NEW_PASSPHRASE);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByLabel('Total equity')).toBeVisible();
  const seen = await page.evaluate<{ locked: boolean; loaders: string[] }[]>('window.statesSeen');
  const first = seen.find((s) => !s.locked);
  // the first state without the lock screen is already the portfolio with its figures: not a "Loading
  // settings", "Loading wallets" or "Loading portfolio" screen that the portfolio replaces a moment later
  expect(first).toMatchObject({ portfolio: true, equity: true });
  expect(first!.loaders.filter((l) => /^Loading( settings| wallets| portfolio)?$/.test(l))).toEqual([]);
});

test('remove: only the exact public key enables removal, and the wallet leaves every list', async () => {
  await go('Accounts');
  // a second wallet, pasted, stays behind
  const other = new Trader(app.exchangeUrl, 'wallets-spec-other', app.solanaRpcUrl);
  await page.getByRole('button', { name: 'Import wallet' }).click();
  await dialog().getByRole('tab', { name: 'Secret key or keypair file' }).click();
  await dialog().getByLabel('Wallet name').fill('Spare');
  await dialog().getByLabel('Secret key', { exact: true }).fill(other.secret);
  await dialog().getByLabel('Confirm with your passphrase').fill(NEW_PASSPHRASE);
  await dialog().getByRole('button', { name: 'Import', exact: true }).click();
  await expect(card('Spare')).toContainText(other.address);

  // in the dark theme, to see it there too
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await card('Cold storage').getByRole('button', { name: 'Remove' }).click();
  await expect(dialog()).toContainText('stay on the exchange');
  const confirm = dialog().getByLabel('Type or paste the public key to confirm');
  const remove = dialog().getByRole('button', { name: 'Remove wallet' });
  await expect(confirm).toBeFocused();
  await expect(remove).toBeDisabled();
  await confirm.fill(other.address); // another wallet's key is not this one's
  await expect(dialog().getByText('This is not the public key of this wallet.')).toBeVisible();
  await expect(remove).toBeDisabled();
  await confirm.fill(trader.address.slice(0, -1));
  await expect(remove).toBeDisabled();
  await confirm.fill(trader.address);
  // removing a key is a money decision too: the passphrase goes with it, however recent the unlock
  await expect(remove).toBeDisabled();
  const passphrase = dialog().getByLabel('Confirm with your passphrase');
  await passphrase.fill(NEW_PASSPHRASE);
  await expect(remove).toBeEnabled();
  await shot('wallet-remove');
  await passphrase.fill('not my passphrase');
  await remove.click();
  await expect(dialog().getByRole('alert', { name: 'Not removed' })).toContainText(
    'That passphrase is not correct.',
  );
  await expect(card('Cold storage')).toBeVisible();
  await passphrase.fill(NEW_PASSPHRASE);
  await remove.click();
  await expect(dialog()).toHaveCount(0);
  await expect(page.getByRole('alert').filter({ hasText: 'Wallet removed' })).toBeVisible();
  await expect(card('Cold storage')).toHaveCount(0);
  await expect(card('Spare')).toBeVisible();
  await go('Portfolio');
  await expect(page.getByRole('heading', { name: 'Portfolio' })).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText('Cold storage');
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
});
