import { expect, type Page } from '@playwright/test';

export const PASSPHRASE = 'e2e passphrase 42';

/** First run: set the passphrase; later runs: unlock with it. Ends on the unlocked app. */
export async function unlockOrSetUp(page: Page): Promise<void> {
  const setup = page.getByRole('heading', { name: 'Welcome to Perpetua' });
  const locked = page.getByRole('heading', { name: 'Perpetua is locked' });
  const portfolio = page.getByRole('heading', { name: 'Portfolio' });
  await expect(setup.or(locked).or(portfolio)).toBeVisible();
  if (await setup.isVisible()) {
    await page.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
    await page.getByLabel('Repeat the passphrase').fill(PASSPHRASE);
    await page.getByRole('button', { name: 'Set passphrase' }).click();
  } else if (await locked.isVisible()) {
    await page.getByLabel('Passphrase').fill(PASSPHRASE);
    await page.getByRole('button', { name: 'Unlock' }).click();
  }
  await expect(portfolio).toBeVisible();
}
