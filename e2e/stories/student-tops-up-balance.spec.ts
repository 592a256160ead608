import { CARDS, payOnSandboxCardPage } from '../support/sandbox-gateway.ts';
import { expectNoSeriousA11yViolations, signUpStudent } from '../support/student.ts';
import { expect, test } from '../support/test.ts';

test('A student tops up $100 by card and sees it on the balance', async ({ page }, testInfo) => {
  await signUpStudent(page, testInfo);
  await page.getByRole('link', { name: 'Balance $0.00' }).click();
  await expect(page).toHaveURL(/\/balance$/);
  await expect(page.getByRole('heading', { name: 'My Balance' })).toBeVisible();
  await expect(page.getByTestId('balance-amount')).toHaveText('$0.00');
  await expect(page.getByText('Your account balance will appear here')).toBeVisible();
  await expect(page.getByText('You can use it to pay for our services')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // docs/product/account.md, docs/product/payments-and-ledger.md: the form starts valid; an invalid amount shows the message and blocks the submit.
  const amount = page.getByLabel('Top-up amount');
  await expect(amount).toHaveAttribute('placeholder', '00.00');
  const topUp = page.getByRole('button', { name: 'Top up now' });
  await expect(topUp).toBeEnabled();
  await amount.fill('12.345');
  await topUp.click();
  await expect(page.getByText('Please enter amount more than $00.00')).toBeVisible();
  await expect(topUp).toBeDisabled();
  await amount.fill('100');
  await expect(page.getByText('Please enter amount more than $00.00')).toBeHidden();

  await topUp.click();
  await payOnSandboxCardPage(page, CARDS.success);

  await expect(page).toHaveURL(/\/balance\/payment-success/);
  const popup = page.getByRole('dialog', { name: 'Your payment was successful!' });
  await expect(popup.getByText('We received your payment')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await expect(page.getByRole('link', { name: 'Balance $100.00' })).toBeVisible();
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/balance$/);
  await expect(page.getByTestId('balance-amount')).toHaveText('$100.00');
  await expect(page.getByText('Your account balance will appear here')).toBeHidden();
  await expect(page.getByRole('listitem').filter({ hasText: '+$100.00' })).toBeVisible();
});
