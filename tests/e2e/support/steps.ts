import { expect, type Page } from '@playwright/test';

export const PASSPHRASE = 'e2e passphrase 42';

/**
 * First run: set the passphrase and keep the default network (the embedded devnet); later runs: unlock
 * with it. Ends on the unlocked app.
 */
export async function unlockOrSetUp(page: Page): Promise<void> {
  const setup = page.getByRole('heading', { name: 'Welcome to Perpetua' });
  const locked = page.getByRole('heading', { name: 'Perpetua is locked' });
  const network = page.getByRole('heading', { name: 'Choose a network' });
  const portfolio = page.getByRole('heading', { name: 'Portfolio' });
  await expect(setup.or(locked).or(network).or(portfolio)).toBeVisible();
  if (await setup.isVisible()) {
    await page.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
    await page.getByLabel('Repeat the passphrase').fill(PASSPHRASE);
    await page.getByRole('button', { name: 'Set passphrase' }).click();
  } else if (await locked.isVisible()) {
    await page.getByLabel('Passphrase').fill(PASSPHRASE);
    await page.getByRole('button', { name: 'Unlock' }).click();
  }
  await expect(network.or(portfolio)).toBeVisible();
  if (await network.isVisible()) await chooseNetwork(page, 'Embedded devnet');
  await expect(portfolio).toBeVisible();
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
