import { expect, type Page } from '@playwright/test';

export const PASSPHRASE = 'e2e passphrase 42';

/** The first-run step offered after the network while there is no wallet: create, import, or "Later". */
export const walletStep = (page: Page) => page.getByRole('heading', { name: 'Add your first wallet' });

/**
 * First run: set the passphrase, keep the default network (the embedded devnet) and leave the first-wallet
 * step for later (the specs bring their own wallets); later runs: unlock with it. Ends on the unlocked app.
 */
export async function unlockOrSetUp(page: Page): Promise<void> {
  const setup = page.getByRole('heading', { name: 'Welcome to Perpetua' });
  const locked = page.getByRole('heading', { name: 'Perpetua is locked' });
  const network = page.getByRole('heading', { name: 'Choose a network' });
  const step = walletStep(page);
  const portfolio = page.getByRole('heading', { name: 'Portfolio' });
  await expect(setup.or(locked).or(network).or(step).or(portfolio)).toBeVisible();
  if (await setup.isVisible()) {
    await page.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
    await page.getByLabel('Repeat the passphrase').fill(PASSPHRASE);
    await page.getByRole('button', { name: 'Set passphrase' }).click();
  } else if (await locked.isVisible()) {
    await page.getByLabel('Passphrase').fill(PASSPHRASE);
    await page.getByRole('button', { name: 'Unlock' }).click();
  }
  await expect(network.or(step).or(portfolio)).toBeVisible();
  if (await network.isVisible()) {
    await chooseNetwork(page, 'Embedded devnet');
    await expect(step.or(portfolio)).toBeVisible();
  }
  if (await step.isVisible()) await page.getByRole('button', { name: 'Later', exact: true }).click();
  await expect(portfolio).toBeVisible();
}

/** First run up to the wallet step: the passphrase, then the embedded devnet. */
export async function setUpToWalletStep(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Welcome to Perpetua' })).toBeVisible();
  await page.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
  await page.getByLabel('Repeat the passphrase').fill(PASSPHRASE);
  await page.getByRole('button', { name: 'Set passphrase' }).click();
  await expect(page.getByRole('heading', { name: 'Choose a network' })).toBeVisible();
  await chooseNetwork(page, 'Embedded devnet');
  await expect(walletStep(page)).toBeVisible();
}

/** On the network screen or Settings: picks an option (and an address for a custom one) and submits. */
export async function chooseNetwork(
  page: Page,
  option: 'Embedded devnet' | 'Embedded devnet with demo data' | 'Custom exchange',
  address?: string,
): Promise<void> {
  await page.getByRole('radio', { name: option, exact: true }).check();
  if (address !== undefined) await page.getByLabel('Exchange address').fill(address);
  await page.getByRole('button', { name: /^(Continue|Switch network)$/ }).click();
}

/**
 * Accounts → Import wallet with a pasted secret key, confirmed with the passphrase (PASSPHRASE unless said);
 * ends when the wallet's card is shown.
 */
export async function importWallet(
  page: Page,
  label: string,
  secret: string,
  passphrase = PASSPHRASE,
): Promise<void> {
  await page.getByRole('link', { name: 'Accounts', exact: true }).click();
  await page.getByRole('button', { name: 'Import wallet' }).click();
  await page.getByRole('tab', { name: 'Secret key or keypair file' }).click();
  await page.getByLabel('Wallet name').fill(label);
  await page.getByLabel('Secret key', { exact: true }).fill(secret);
  await page.getByLabel('Confirm with your passphrase').fill(passphrase);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('heading', { name: label })).toBeVisible();
}
