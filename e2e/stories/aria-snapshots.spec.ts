import { operatorDeliversFinalDraft } from '../support/geek-files.ts';
import {
  createPricedTask,
  creditStudent,
  E2E_OPERATOR,
  JSON_CALL,
  payFromBalance,
  signUpStudent,
} from '../support/student.ts';
import { expect, test } from '../support/test.ts';

/**
 * Issue 27: reading order, roles and names from the accessibility tree. A change of a role, a name or the order
 * of the task page, the messages panel, the rating dialog or the back office's task page fails here. Numbers,
 * dates and e-mails that change from run to run are matched by pattern in the snapshot files.
 */
test('The accessibility tree of the task page, the messages panel, the rating dialog and the back-office task page', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  await signUpStudent(page, testInfo);
  const title = 'Aria snapshot essay';
  const id = await createPricedTask(page.request, { title, subject: 'History', pages: 1, hoursAhead: 100 });
  await creditStudent(page.request, 40);
  await payFromBalance(page.request, id, { cents: 4000 });
  const sent = await page.request.post(`/api/v3/orders/${id}/messages`, {
    headers: JSON_CALL,
    data: { message: 'Please use APA style.' },
  });
  expect(sent.ok()).toBe(true);
  await operatorDeliversFinalDraft(
    page.request,
    id,
    { name: 'final.pdf', body: Buffer.from(`%PDF-1.4\n${'a'.repeat(1500)}`) },
    { name: 'Aria Geek', subject: 'History' },
  );

  await page.goto(`/order/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Task is completed').first()).toBeVisible();
  await expect(page.locator('main')).toMatchAriaSnapshot({ name: 'task-page.aria.yml' });

  await page.goto(`/order/${id}/messages`);
  const panel = page.getByTestId('messages-panel');
  await expect(panel.getByText('Please use APA style.')).toBeVisible();
  await expect(panel).toMatchAriaSnapshot({ name: 'messages-panel.aria.yml' });

  await page.goto(`/orders/${id}/rating/2`);
  const rating = page.getByRole('dialog', { name: 'Rate your task' });
  await expect(rating.getByText('What went wrong')).toBeVisible();
  await expect(rating).toMatchAriaSnapshot({ name: 'rating-dialog.aria.yml' });

  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: page.viewportSize(),
  });
  const ops = await context.newPage();
  await ops.goto('/ops');
  await ops.getByLabel('E-mail').fill(E2E_OPERATOR.email);
  await ops.getByLabel('Password').fill(E2E_OPERATOR.password);
  await ops.getByRole('button', { name: 'Log in' }).click();
  await expect(ops.getByRole('heading', { name: 'Queue' })).toBeVisible();
  await ops.goto(`/ops/orders/${id}`);
  await expect(ops.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(ops.getByTestId('ops-status')).toContainText('Completed / Sent');
  await expect(ops.locator('main')).toMatchAriaSnapshot({ name: 'ops-task-page.aria.yml' });
  await context.close();
});
