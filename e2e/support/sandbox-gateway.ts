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
  await page.getByLabel(/card number/i).fill(card);
  await page.getByLabel(/expir/i).fill(`12/${(new Date().getFullYear() + 2) % 100}`);
  await page.getByLabel(/cvv|cvc/i).fill('123');
  await page.getByLabel(/name/i).fill('Sam Student');
  await page.getByRole('button', { name: /pay/i }).click();
}
