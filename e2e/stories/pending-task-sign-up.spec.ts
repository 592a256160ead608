import { keepPendingTask, storedPendingTask } from '../support/pending-task.ts';
import { expectNoSeriousA11yViolations, JSON_CALL, submitSignUp, uniqueEmail } from '../support/student.ts';
import { expect, test } from '../support/test.ts';

test('A visitor with a pending task signs up in the popup and lands on the new task’s checkout', async ({
  page,
}, testInfo) => {
  const title = `Essay on Macbeth ${Date.now()}`;
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
  });

  const toid = await keepPendingTask(page, { title, subject: 'English', from: 'home' });
  await page.goto('/signup');
  const dialog = page.getByRole('dialog', { name: 'Sign up' });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await submitSignUp(dialog, uniqueEmail(testInfo));

  // The task was created and checkout opened; a task without a price yet goes on to its form (docs/product/statuses-and-state-machine.md).
  await expect.poll(() => visited.find((p) => /^\/order\/[^/]+\/checkout$/.test(p))).toBeDefined();
  const checkout = visited.find((p) => /^\/order\/[^/]+\/checkout$/.test(p)) ?? '';
  const orderId = checkout.split('/')[2];
  await expect(page).toHaveURL(new RegExp(`/order/${orderId}(/checkout)?$`));
  await expect(page.getByText(title).first()).toBeVisible();

  // Exactly one task, with the pending task's title and course; the key is gone.
  const list = await (await page.request.get('/api/v3/orders?page=0', { headers: JSON_CALL })).json();
  expect(
    list.results.map((o: { _id: string; title: string; subject: string }) => [o._id, o.title, o.subject]),
  ).toEqual([[orderId, title, 'English']]);
  expect(await storedPendingTask(page)).toBeNull();

  // The same toid again (a second tab finishing the same sign-up) answers the same task.
  const again = await page.request.post('/api/v3/orders', {
    headers: JSON_CALL,
    data: { title, subject: 'English', toid },
  });
  expect((await again.json())._id).toBe(orderId);
});
