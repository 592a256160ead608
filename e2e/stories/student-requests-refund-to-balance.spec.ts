import { formatDeadlineDate } from '@geekly/domain/orders/deadline.ts';
import { operatorDeliversFinalDraft } from '../support/geek-files.ts';
import { shot } from '../support/layout.ts';
import { operatorTransition } from '../support/operator.ts';
import {
  createPricedTask,
  creditStudent,
  expectNoSeriousA11yViolations,
  payFromBalance,
  signUpStudent,
} from '../support/student.ts';
import { expect, test } from '../support/test.ts';

// The window's end is shown as a day in the browser's zone: fixed, so the expected text is the same day.
test.use({ timezoneId: 'UTC' });

test('A student asks for a refund to the balance and sees the money back once the operator accepts', async ({
  page,
}, testInfo) => {
  await signUpStudent(page, testInfo);
  // 1 page due in about 100 hours: $26.55 (docs/product/statuses-and-state-machine.md), paid in full from a $30 credit.
  const id = await createPricedTask(page.request, {
    title: 'Book review',
    subject: 'English',
    pages: 1,
    hoursAhead: 100,
  });
  await creditStudent(page.request, 30);
  await payFromBalance(page.request, id, { cents: 2655 });

  await page.goto(`/order/${id}`);
  await page.getByRole('button', { name: 'Task menu' }).click();
  await page.getByRole('menuitem', { name: 'Request refund' }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${id}/request-refund$`));
  const popup = page.getByRole('dialog', { name: 'Request a refund' });
  await expect(popup.getByRole('link', { name: 'refund policy' })).toHaveAttribute('href', '/refund-policy');
  await expectNoSeriousA11yViolations(page);

  // Step 1: a reason is needed, and 'Other reason' needs words (docs/product/statuses-and-state-machine.md).
  const next = popup.getByRole('button', { name: 'Next' });
  await expect(next).toBeDisabled();
  // Disabled for the eye and the screen reader (aria-disabled), yet pressing it says what is missing and puts
  // the focus there, the field read with its error (issue 27).
  await next.press('Enter');
  const reasons = popup.getByRole('group', { name: 'Why do you want a refund?' });
  await expect(reasons).toHaveAccessibleDescription('Please, choose a reason');
  await expect(reasons.getByRole('radio').first()).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await shot(page, testInfo, 'refund-reason-error');
  await popup.getByLabel('Other reason').check();
  await expect(next).toBeDisabled();
  await expect(reasons).not.toHaveAccessibleDescription('Please, choose a reason');
  await next.press('Enter');
  const message = popup.getByLabel('Tell us what went wrong');
  await expect(message).toBeFocused();
  await expect(message).toHaveAccessibleDescription('Please, tell us why you want a refund');
  await message.fill('My teacher cancelled the assignment');
  await expect(next).toBeEnabled();
  await next.click();

  // Step 2: the balance is the default destination.
  await expect(popup.getByLabel('To my Geekly balance')).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await popup.getByRole('button', { name: 'Send request' }).click();
  const sent = page.getByRole('dialog', { name: 'Your refund request is sent' });
  await expect(sent).toBeVisible();
  await sent.getByRole('button', { name: 'Back to the task' }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${id}$`));
  await expect(page.getByText('Refund requested').first()).toBeVisible();

  // A second visit to the popup goes back to the task: the refund is asked already (docs/product/statuses-and-state-machine.md).
  await page.goto(`/order/${id}/request-refund`);
  await expect(page).toHaveURL(new RegExp(`/order/${id}$`));

  await operatorTransition(page.request, id, 'accept_refund');
  await page.goto('/balance');
  await expect(page.getByRole('heading', { name: 'My Balance' })).toBeVisible();
  await expect(page.getByTestId('balance-amount')).toHaveText('$30.00');
  await expect(page.getByRole('link', { name: 'Balance $30.00' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Task #\d+/ }).first()).toHaveAttribute('href', `/order/${id}`);
});

test('@one-size Once the 60 days after delivery have passed, the task says until when a refund could be asked', async ({
  page,
}, testInfo) => {
  await signUpStudent(page, testInfo);
  const id = await createPricedTask(page.request, {
    title: 'Delivered long ago',
    subject: 'English',
    pages: 1,
    hoursAhead: 100,
  });
  await creditStudent(page.request, 30);
  await payFromBalance(page.request, id, { cents: 2655 });
  await operatorDeliversFinalDraft(page.request, id, {
    name: 'final.pdf',
    body: Buffer.from('%PDF-1.4\n%%EOF\n'),
  });
  const task = (await (await page.request.get(`/api/v3/orders/${id}`)).json()) as { refund_until: string };
  const until = formatDeadlineDate(new Date(task.refund_until), 'UTC');

  // Within the window the menu offers the refund.
  await page.goto(`/order/${id}`);
  await page.getByRole('button', { name: 'Task menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Request refund' })).toBeVisible();

  // The page opened a minute after the window's end (the browser's clock moved on).
  await page.clock.install({ time: Date.parse(task.refund_until) + 60_000 });
  await page.goto(`/order/${id}`);
  await page.getByRole('button', { name: 'Task menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Request refund' })).toHaveCount(0);
  const note = page.getByRole('menuitem', { name: `Refunds could be requested until ${until}` });
  await expect(note).toBeVisible();
  await expect(note).toHaveAttribute('aria-disabled', 'true');
  await expectNoSeriousA11yViolations(page);
  await shot(page, testInfo, 'refund-window-over');
  // The refund popup's address goes back to the task.
  await page.goto(`/order/${id}/request-refund`);
  await expect(page).toHaveURL(new RegExp(`/order/${id}$`));
});
