import { ONE_SIZE } from '../support/layout.ts';
import { CARDS, payOnSandboxCardPage } from '../support/sandbox-gateway.ts';
import { createPricedTask, expectNoSeriousA11yViolations, signUpStudent } from '../support/student.ts';
import { expect, test } from '../support/test.ts';

test('A declined card shows the bank’s refusal and charges nothing', async ({ page }, testInfo) => {
  await signUpStudent(page, testInfo);
  const id = await createPricedTask(page.request, {
    title: 'Statistics homework',
    subject: 'English',
    pages: 1,
    hoursAhead: 100,
  });
  await page.goto(`/order/${id}/checkout`);
  await expect(page.getByTestId('pay-by-card')).toHaveText('$26.55');
  await page.getByRole('button', { name: 'Pay $26.55' }).click();
  await payOnSandboxCardPage(page, CARDS.declined);

  await expect(page).toHaveURL(/\/orders\/payment-error\?.*reason=card_declined/);
  const popup = page.getByRole('dialog', { name: 'Oops' });
  await expect(popup.getByText('Your card got declined by your bank')).toBeVisible();
  await expect(popup.getByText(/expiry date or the CVV/)).toBeVisible();
  await expect(popup.getByRole('heading', { name: 'If you need help:' })).toBeVisible();
  await expect(popup.getByRole('link', { name: 'Email us' })).toHaveAttribute(
    'href',
    'mailto:support@geekly.example',
  );
  await expect(popup.getByRole('link', { name: 'Contact us' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/orders$/);

  // Nothing was charged: the task is still unpaid and the balance untouched.
  await page.goto(`/order/${id}`);
  await expect(page.getByRole('link', { name: 'Pay $26.55' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Balance $0.00' })).toBeVisible();
});

// The same popup as above (which runs at both sizes) with the other reason's words: desktop size only.
test('A gateway server error says the payment didn’t go through', ONE_SIZE, async ({ page }, testInfo) => {
  await signUpStudent(page, testInfo);
  const id = await createPricedTask(page.request, {
    title: 'Chemistry lab report',
    subject: 'English',
    pages: 1,
    hoursAhead: 100,
  });
  await page.goto(`/order/${id}/checkout`);
  await page.getByRole('button', { name: 'Pay $26.55' }).click();
  await payOnSandboxCardPage(page, CARDS.serverError);

  await expect(page).toHaveURL(/\/orders\/payment-error\?.*reason=server_error/);
  const popup = page.getByRole('dialog', { name: 'Oops' });
  await expect(popup.getByText('Something went wrong and your payment didn’t go through')).toBeVisible();
  await expect(popup.getByText('Please get in touch and we will figure something out:')).toBeVisible();
  await expect(popup.getByRole('link', { name: 'Email us' })).toHaveAttribute(
    'href',
    'mailto:support@geekly.example',
  );
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/orders$/);
});
