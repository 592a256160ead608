import { CARDS, payOnSandboxCardPage } from '../support/sandbox-gateway.ts';
import {
  createPricedTask,
  creditStudent,
  expectNoSeriousA11yViolations,
  signUpStudent,
} from '../support/student.ts';
import { expect, test } from '../support/test.ts';

test('A student pays the 30% deposit from the balance and the remaining 70% partly by card', async ({
  page,
}, testInfo) => {
  await signUpStudent(page, testInfo);
  // 4 pages due in about 100 hours: 4 × $26.55 = $106.20 (docs/product/tasks-and-pricing.md); the deposit is $31.86.
  const id = await createPricedTask(page.request, {
    title: 'Research paper on renewable energy',
    subject: 'English',
    pages: 4,
    hoursAhead: 100,
  });
  await creditStudent(page.request, 40);

  await page.goto(`/order/${id}/checkout`);
  const deposit = page.getByRole('checkbox', { name: '30% deposit' });
  await deposit.click();
  await expect(deposit).toBeChecked();
  await expect(page.getByTestId('pay-from-balance')).toHaveText('$31.86');
  await page.getByRole('button', { name: 'Pay $31.86' }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${id}$`));
  await expect(page.getByRole('link', { name: 'Balance $8.14' })).toBeVisible();

  // docs/product/payments-and-ledger.md: the remaining 70% later, from the task page; the balance covers part, the card the rest.
  await page.getByRole('link', { name: 'Pay the remaining 70%' }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${id}/payment$`));
  const popup = page.getByRole('dialog', { name: 'Pay from your balance' });
  await expect(popup.getByTestId('payment-due')).toHaveText('$74.34');
  await expectNoSeriousA11yViolations(page);
  // The long label wraps: the popup never scrolls sideways, even 375 px wide.
  expect(await popup.evaluate((d) => d.scrollWidth <= d.clientWidth)).toBe(true);
  await popup.getByRole('button', { name: 'Pay $8.14 from balance and $66.20 by card' }).click();
  await payOnSandboxCardPage(page, CARDS.success);

  await expect(page).toHaveURL(new RegExp(`/order/${id}/payment-success`));
  const success = page.getByRole('dialog', { name: 'Your payment was successful!' });
  await expect(success.getByText('We received payment for your task')).toBeVisible();
  await expect(
    success.getByText(
      'This means a Geek can work on it. We will contact you in case your Geek needs clarifications.',
    ),
  ).toBeVisible();
  await success.getByRole('link', { name: 'View my task' }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${id}$`));
  await expect(page.getByText('Fully paid')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Balance $0.00' })).toBeVisible();
});
