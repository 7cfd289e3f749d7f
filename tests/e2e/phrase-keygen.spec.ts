// A phrase made by `solana-keygen new`, at 1024 x 700 against the devnet and a real OS keychain: its wallet
// is the BIP39 seed's first 32 bytes (no derivation path), and it holds SOL and tokens on the chain. Import
// lists it beside the three paths with what every address holds on the chain, ticks it because it holds
// something, and adds it under the passphrase; the Accounts page names it by its scheme, not by a path.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { RunningApp } from './support/app';
import { PASSPHRASE, setUpToWalletStep } from './support/steps';
import { devnetFaucet } from '../support/chain';

test.describe.configure({ mode: 'serial' });
test.use({ setup: { spec: 'phrase-keygen', viewport: { width: 1024, height: 700 } } });

const KEYGEN = 'solana-keygen default (no path)';
/** the Solana Cookbook's "restore a BIP39 mnemonic" example phrase (each spec has a devnet of its own) */
const PHRASE = 'pill tomorrow foster begin walnut borrow virtual kick shift mutual shoe scatter';
/** the address the Cookbook prints for it: what solana-keygen new makes of it, seed[0..32] as the key */
const ADDRESS = '5ZWj7a1f8tWkjBESHKgrLmXshuXxqeY9SYcfbshpAqPG';
const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-6)}`;

let app: RunningApp;
let page: Page;
const dialog = () => page.getByRole('dialog');

test.beforeAll(async ({ app: started, appPage }) => {
  [app, page] = [started, appPage];
  // the CLI wallet holds 250 USDC and 0.5 BTC on the chain (the faucet tops its SOL up to 1 for fees)
  await devnetFaucet(app.solanaRpcUrl, ADDRESS, 0, 250_000_000n);
  await devnetFaucet(app.solanaRpcUrl, ADDRESS, 1, 50_000_000n);
});

test('import lists the solana-keygen wallet with its on-chain SOL and tokens, ticks it, and adds it named by its scheme', async () => {
  await page.goto(app.url);
  await setUpToWalletStep(page);
  await page.getByRole('button', { name: 'Import a wallet' }).click();
  await dialog().getByRole('textbox', { name: 'Recovery phrase' }).fill(PHRASE);
  await dialog().getByRole('button', { name: 'Find my wallets' }).click();

  const keygen = dialog().getByRole('table', { name: `Wallets on ${KEYGEN}`, exact: true });
  await expect(keygen.getByRole('row')).toHaveCount(2);
  const row = keygen.getByRole('row').filter({ hasText: short(ADDRESS) });
  await expect(row.getByLabel(`On-chain balances of ${short(ADDRESS)}`)).toHaveText(
    /^1\.000000 SOL · 250(\.00)? USDC · 0\.5\d* BTC$/,
  );
  await expect(row).toContainText('No account');
  // the other paths' wallets were read too: they hold nothing
  const phantom = dialog().getByRole('table', { name: "Wallets on m/44'/501'/i'/0'", exact: true });
  await expect(phantom.getByRole('row').nth(1)).toContainText('0.000000 SOL');
  // it holds something, so it is ticked for the person; the empty first Phantom wallet is not
  await expect(dialog().getByRole('checkbox', { name: `Add ${KEYGEN}` })).toBeChecked();
  await expect(dialog().getByRole('checkbox', { name: "Add m/44'/501'/0'/0'" })).not.toBeChecked();

  await dialog().getByLabel('Wallet name').fill('CLI wallet');
  await expect(dialog().getByRole('button', { name: 'Add wallet', exact: true })).toBeDisabled();
  await dialog().getByLabel('Confirm with your passphrase').fill(PASSPHRASE);
  await row.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'docs/screenshots/import-phrase-balances-1024.png' });
  await dialog().getByRole('button', { name: 'Add wallet', exact: true }).click();
  await expect(dialog()).toHaveCount(0);

  await page.getByRole('link', { name: 'Accounts', exact: true }).click();
  const group = page.getByRole('region', { name: 'Recovery phrase 1', exact: true });
  await expect(group).toContainText(`12 words · ${KEYGEN}, as made by Solana CLI: solana-keygen new`);
  // no "Add next wallet": solana-keygen's default is one wallet only
  await expect(group.getByRole('button', { name: 'Add next wallet' })).toHaveCount(0);
  const card = group.getByRole('region', { name: 'CLI wallet', exact: true });
  await expect(card).toContainText(ADDRESS);
  await expect(card).toContainText(KEYGEN);
  await expect(card).not.toContainText("m/44'");
  await expect(card.getByRole('group', { name: 'On-chain balances of CLI wallet' })).toContainText('USDC');
});

test('its export gives the words back and says the key has no path', async () => {
  const card = page.getByRole('region', { name: 'CLI wallet', exact: true });
  await card.getByRole('button', { name: 'Export' }).click();
  await expect(dialog().getByRole('radio', { name: 'Recovery phrase' })).toBeChecked();
  await dialog().getByLabel('Your passphrase').fill(PASSPHRASE);
  await dialog().getByRole('button', { name: 'Show recovery phrase' }).click();
  const words = dialog().getByTestId('exported-phrase').getByRole('listitem');
  await expect(words).toHaveCount(12);
  expect((await words.allTextContents()).map((t) => t.replace(/^\s*\d+\.\s*/, '').trim())).toEqual(
    PHRASE.split(' '),
  );
  await expect(dialog()).toContainText(`Key: ${KEYGEN} (Solana CLI: solana-keygen new)`);
  await dialog().getByRole('button', { name: 'Done: forget it' }).click();
  await expect(dialog()).toHaveCount(0);
});
