import { expectNoSidewaysScroll, shot } from '../support/layout.ts';
import { CARDS, payOnSandboxCardPage } from '../support/sandbox-gateway.ts';
import {
  createPricedTask,
  creditStudent,
  expectNoSeriousA11yViolations,
  payFromBalance,
  signUpStudent,
} from '../support/student.ts';
import { expect, test } from '../support/test.ts';

test('A Premium student sees what the plan includes on /subscription, free in the quote and after payment', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await signUpStudent(page, testInfo);
  // Before the plan: 1 page in about 100 hours is $26.55 and the Plagiarism report costs $7.99.
  const id = await createPricedTask(page.request, {
    title: 'Lab report on enzymes',
    subject: 'Biology',
    pages: 1,
    hoursAhead: 100,
  });
  await page.goto('/subscription');
  const premium = page.getByRole('region', { name: 'Premium', exact: true });
  await expect(premium.getByText('A free Plagiarism report on every task')).toBeVisible();
  await expect(premium.getByText('Prioritize my task for free on every task')).toBeVisible();
  const plus = page.getByRole('region', { name: 'Premium Plus' });
  await expect(plus.getByText('VIP service for free on every task')).toBeVisible();
  await shot(page, testInfo, 'plan-benefits');
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Subscribe to Premium', exact: true }).click();
  await payOnSandboxCardPage(page, CARDS.success);
  await expect(page.getByTestId('subscription-status')).toHaveText('Active');

  // The task's quote: the work price only, with the plan's add-ons at $0.00.
  await page.goto(`/order/${id}`);
  const quote = page.getByRole('region', { name: 'Price' });
  await expect(quote.getByTestId('quote-price')).toHaveText('$26.55');
  await expect(quote.getByText('Included in your plan')).toBeVisible();
  await expect(quote.getByText('Plagiarism report')).toBeVisible();
  await expect(quote.getByText('Prioritize my task')).toBeVisible();
  const addOns = page.getByRole('region', { name: 'Add-ons' });
  await expect(addOns.getByRole('checkbox', { name: /Plagiarism report/ })).toBeChecked();
  await expect(addOns.getByRole('checkbox', { name: /Plagiarism report/ })).toBeDisabled();
  await shot(page, testInfo, 'plan-included-in-quote');
  await expectNoSeriousA11yViolations(page);
  await expectNoSidewaysScroll(page);

  // Paid at the work price: the paid summary still lists what the plan included.
  await creditStudent(page.request, 30);
  await payFromBalance(page.request, id, { cents: 2655 });
  await page.goto(`/order/${id}`);
  const paid = page.getByRole('region', { name: 'Payment' });
  await expect(paid.getByText('Fully paid')).toBeVisible();
  await expect(paid.getByText('Included in your plan')).toBeVisible();
  await shot(page, testInfo, 'plan-included-after-payment');
});
