import { expect, type Page } from '@playwright/test';

/** The sandbox gateway's test cards (decision 010). */
export const CARDS = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  serverError: '4000 0000 0000 0119',
} as const;

/** On the sandbox gateway's hosted card page: fills a card with a future expiry and pays. */
export async function payOnSandboxCardPage(page: Page, card: string) {
  await expect(page).toHaveURL(/\/sandbox-gateway\//);
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry date (MM/YY)').fill(`12/${(new Date().getFullYear() + 2) % 100}`);
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel('Name on card').fill('Sam Student');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
}
