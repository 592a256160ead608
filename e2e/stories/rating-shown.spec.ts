import { operatorDeliversFinalDraft } from '../support/geek-files.ts';
import { expectNoSidewaysScroll, shot } from '../support/layout.ts';
import {
  createPricedTask,
  creditStudent,
  expectNoSeriousA11yViolations,
  payFromBalance,
  signUpStudent,
} from '../support/student.ts';
import { expect, test } from '../support/test.ts';

test('The student sees their mark on the task and the list, opens their review, and the 2-star screen offers a refund too', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await signUpStudent(page, testInfo);
  await page.goto('/profile');
  const id = await createPricedTask(page.request, {
    title: 'Essay on the Industrial Revolution',
    subject: 'History',
    pages: 1,
    hoursAhead: 100,
  });
  await creditStudent(page.request, 30);
  await payFromBalance(page.request, id, { cents: 2655 });
  const draft = { name: 'final-draft.pdf', body: Buffer.from(`%PDF-1.4\n${'g'.repeat(2000)}`) };
  await operatorDeliversFinalDraft(page.request, id, draft, { name: 'Rosa P.', subject: 'History' });

  // Not rated yet: the task page says so and opens the rating.
  await page.goto(`/order/${id}`);
  const result = page.getByRole('region', { name: 'Your result' });
  await expect(result.getByText('Not rated yet')).toBeVisible();
  await result.getByRole('link', { name: 'Rate your Geek' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rate your task' });
  // The stars are visually hidden radios under their pictures: chosen with the keyboard, as a click on a hidden
  // input lands wherever the popup is in its 300 ms rise.
  const twoStars = dialog.getByRole('radio', { name: /^2 stars/ });
  await twoStars.focus();
  await page.keyboard.press('Space');
  await expect(twoStars).toBeChecked();
  await dialog.getByRole('checkbox', { name: 'Format' }).check();
  await dialog.getByRole('button', { name: 'Submit Feedback' }).click();

  // docs/product/statuses-and-state-machine.md: the negative-rating screen links to the refund request as well as the free revision.
  const sorry = page.getByRole('dialog', { name: 'Thank you for your feedback' });
  await expect(sorry.getByRole('link', { name: 'Request a free revision' })).toBeVisible();
  await expect(sorry.getByRole('link', { name: 'Request a refund' })).toHaveAttribute(
    'href',
    `/order/${id}/request-refund`,
  );
  await shot(page, testInfo, 'rating-sorry-refund');
  await expectNoSeriousA11yViolations(page);
  await sorry.getByRole('button', { name: 'Close', exact: true }).last().click();

  // Rated: the mark on the task page, and the review behind 'Show my review'.
  await page.goto(`/order/${id}`);
  await expect(result.getByText(/^Your rating: ★★☆☆☆ 2 of 5 · It's bad$/)).toBeVisible();
  await result.getByText('Show my review').click();
  await expect(result.getByText('What went wrong: Format')).toBeVisible();
  await shot(page, testInfo, 'rating-on-task');
  await expectNoSeriousA11yViolations(page);
  await expectNoSidewaysScroll(page);

  // And on the list.
  await page.goto('/orders');
  const row = page.getByRole('link', { name: /Essay on the Industrial Revolution/ });
  await expect(row.getByText('Rated 2 of 5')).toHaveCount(1);
  await expect(row.getByText('★ 2')).toBeVisible();
  await shot(page, testInfo, 'rating-on-list');
  await expectNoSidewaysScroll(page);
});
