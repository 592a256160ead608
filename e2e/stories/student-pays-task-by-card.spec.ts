import { CARDS, payOnSandboxCardPage } from '../support/sandbox-gateway.ts';
import { createPricedTask, expectNoSeriousA11yViolations, signUpStudent } from '../support/student.ts';
import { expect, test } from '../support/test.ts';

test('A student pays a whole task by card from checkout and is thanked on the task list', async ({
  page,
}, testInfo) => {
  await signUpStudent(page, testInfo);
  const id = await createPricedTask(page.request, {
    title: 'Marketing plan presentation',
    subject: 'English',
    pages: 1,
    hoursAhead: 100,
  });
  await page.goto(`/order/${id}/checkout`);
  await expect(page.getByTestId('pay-from-balance')).toHaveCount(0);
  await expect(page.getByTestId('pay-by-card')).toHaveText('$26.55');
  await page.getByRole('button', { name: 'Pay $26.55' }).click();
  await payOnSandboxCardPage(page, CARDS.success);

  await expect(page).toHaveURL(/\/orders\/payment-success\?payment_id=/);
  const popup = page.getByRole('dialog', { name: 'Thank you!' });
  await expect(popup.getByText('Your payment was successful.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await popup.getByRole('button', { name: 'Go to the task list' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.goto(`/order/${id}`);
  await expect(page.getByText('Fully paid')).toBeVisible();
  // The card money went through the balance to the task (decision 010): the balance is back at zero.
  await expect(page.getByRole('link', { name: 'Balance $0.00' })).toBeVisible();
});
