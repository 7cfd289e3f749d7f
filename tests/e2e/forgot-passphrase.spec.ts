// A forgotten passphrase in a real browser against the browser host, the devnet and a real OS keychain: the
// first run says the passphrase cannot be recovered; with one wallet from a recovery phrase and one from a
// secret key, "Forgot passphrase?" on the lock screen lists each under how it can come back, erases nothing
// until ERASE is typed, then lands on the first run, where importing the recovery phrase (offered first)
// brings the same wallet back under a new passphrase.
import type { Page } from '@playwright/test';
import bs58 from 'bs58';
import { expect, test } from './fixtures';
import type { RunningApp } from './support/app';
import { PASSPHRASE, chooseNetwork, importWallet } from './support/steps';
import { SigningKey } from '../../src/protocol/keys';

test.describe.configure({ mode: 'serial' });
test.use({ setup: { spec: 'forgot-passphrase', viewport: { width: 1024, height: 700 } } });

const ABANDON =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const PHANTOM_0 = 'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk';
const NEW_PASSPHRASE = 'a passphrase chosen after the reset';

let app: RunningApp;
let page: Page;
const dialog = () => page.getByRole('dialog');
const card = (label: string) => page.getByRole('region', { name: label, exact: true });
// a fixed key, so the screenshot is the same every run
const secretSeed = Buffer.alloc(32, 7);
const { publicKey } = new SigningKey(secretSeed);
const OLD_KEY = bs58.encode(publicKey);

test.beforeAll(({ app: started, appPage }) => {
  [app, page] = [started, appPage];
});

/** The import dialog's recovery-phrase tab: finds the abandon phrase's wallets and adds the first one. */
async function importAbandon(label: string, passphrase: string): Promise<void> {
  await expect(dialog().getByRole('tab', { name: 'Recovery phrase' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await dialog().getByRole('textbox', { name: 'Recovery phrase' }).fill(ABANDON);
  await dialog().getByRole('button', { name: 'Find my wallets' }).click();
  await dialog().getByRole('checkbox', { name: "Add m/44'/501'/0'/0'" }).check();
  await dialog().getByLabel('Wallet name').fill(label);
  await dialog().getByLabel('Confirm with your passphrase').fill(passphrase);
  await dialog().getByRole('button', { name: 'Add wallet', exact: true }).click();
  await expect(dialog()).toHaveCount(0);
}

test('the first run says plainly that a forgotten passphrase cannot be recovered', async () => {
  await page.goto(app.url);
  await expect(page.getByRole('heading', { name: 'Welcome to Perpetua' })).toBeVisible();
  await expect(page.getByText('Nobody can recover this passphrase, not even Perpetua.')).toContainText(
    'a wallet imported as a secret key is then lost unless you saved that key',
  );
  await page.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
  await page.getByLabel('Repeat the passphrase').fill(PASSPHRASE);
  await page.getByRole('button', { name: 'Set passphrase' }).click();
  await chooseNetwork(page, 'Embedded devnet');
  // an ordinary first run offers a new wallet first
  const buttons = page.getByRole('button', { name: /^(Create a new wallet|Import a wallet)$/ });
  await expect(buttons).toHaveText(['Create a new wallet', 'Import a wallet']);
  await page.getByRole('button', { name: 'Import a wallet' }).click();
  await importAbandon('Phantom', PASSPHRASE);
  await expect(card('Phantom')).toContainText(PHANTOM_0);
  await importWallet(page, 'Old key', bs58.encode(Buffer.concat([secretSeed, publicKey])));
});

test('Forgot passphrase? lists what comes back from a phrase and what is lost, and erases only after ERASE', async () => {
  await page.getByRole('button', { name: 'Lock', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Perpetua is locked' })).toBeVisible();
  await page.getByRole('button', { name: 'Forgot passphrase?' }).click();
  await expect(dialog().getByRole('heading', { name: 'Forgot your passphrase?' })).toBeVisible();
  const fromPhrase = dialog().getByRole('list', { name: 'Wallets from recovery phrase 1' });
  await expect(fromPhrase).toContainText(`Phantom ${PHANTOM_0}`);
  await expect(fromPhrase).not.toContainText(OLD_KEY);
  const lost = dialog().getByRole('list', { name: 'Wallets from secret keys' });
  await expect(lost).toContainText(`Old key ${OLD_KEY}`);
  await expect(lost).not.toContainText(PHANTOM_0);
  await expect(dialog().getByText('Imported secret keys: lost unless you saved them')).toBeVisible();

  // the button stays off until the word is typed exactly
  const erase = dialog().getByRole('button', { name: 'Erase keys and start again' });
  const word = dialog().getByLabel('Type ERASE to erase every key on this computer');
  for (const typed of ['', 'erase', 'RESET', 'ERASE ']) {
    await word.fill(typed);
    await expect(erase).toBeDisabled();
  }
  // Cancel leaves everything: the old passphrase still unlocks
  await dialog().getByRole('button', { name: 'Cancel' }).click();
  await page.getByLabel('Passphrase').fill(PASSPHRASE);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByRole('button', { name: 'Lock', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Lock', exact: true }).click();

  await page.getByRole('button', { name: 'Forgot passphrase?' }).click();
  await dialog().getByLabel('Type ERASE to erase every key on this computer').fill('ERASE');
  await expect(dialog().getByRole('button', { name: 'Erase keys and start again' })).toBeEnabled();
  await page.screenshot({ path: 'docs/screenshots/forgot-passphrase-1024.png' });
  await dialog().getByRole('button', { name: 'Erase keys and start again' }).click();
  await expect(page.getByRole('heading', { name: 'Choose a new passphrase' })).toBeVisible();
});

test('after the reset: a new passphrase, "Import a recovery phrase" first, and the same wallet comes back', async () => {
  await page.getByLabel('Passphrase', { exact: true }).fill(NEW_PASSPHRASE);
  await page.getByLabel('Repeat the passphrase').fill(NEW_PASSPHRASE);
  await page.getByRole('button', { name: 'Set passphrase' }).click();
  // the network chosen before is kept: straight to the wallet step, restoring first
  await expect(page.getByRole('heading', { name: 'Add your first wallet' })).toBeVisible();
  const buttons = page.getByRole('button', { name: /^(Create a new wallet|Import a recovery phrase)$/ });
  await expect(buttons).toHaveText(['Import a recovery phrase', 'Create a new wallet']);
  await expect(page.getByRole('button', { name: 'Import a recovery phrase' })).toBeFocused();
  await page.getByRole('button', { name: 'Import a recovery phrase' }).click();
  await importAbandon('Phantom again', NEW_PASSPHRASE);
  await expect(card('Phantom again')).toContainText(PHANTOM_0);
  // the secret-key wallet is gone, and the old passphrase opens nothing
  await expect(card('Old key')).toHaveCount(0);
  await expect(card('Phantom')).toHaveCount(0);
  await page.getByRole('button', { name: 'Lock', exact: true }).click();
  await page.getByLabel('Passphrase').fill(PASSPHRASE);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByRole('alert')).toContainText('That passphrase is not correct.');
  await page.getByLabel('Passphrase').fill(NEW_PASSPHRASE);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByRole('button', { name: 'Lock', exact: true })).toBeVisible();
});
