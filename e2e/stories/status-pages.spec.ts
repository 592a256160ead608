import { expectNoSidewaysScroll, openPage } from '../support/layout.ts';
import { expectNoSeriousA11yViolations, signUpStudent } from '../support/student.ts';
import { expect, test } from '../support/test.ts';

test('A visitor on an unknown path, and on /page-not-found, sees the 404 page', async ({ page }) => {
  // A real 404 for a path no route of the web app matches; the app's own routes answer 200.
  expect((await page.request.get('/no-such-page/at-all')).status()).toBe(404);
  expect((await page.request.get('/order/abc/tips-success/5')).status()).toBe(200);
  expect((await page.request.get('/about-us')).status()).toBe(200);
  // A visitor is not an error: the public pages do not ask for the signed-in client (no 401 in the console).
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await openPage(page, '/about-us');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(errors).toEqual([]);
  for (const path of ['/no-such-page/at-all', '/page-not-found']) {
    await openPage(page, path);
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Looks like you are lost' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the task list' })).toHaveAttribute('href', '/orders');
    await expectNoSeriousA11yViolations(page);
    await expectNoSidewaysScroll(page);
  }
});

test('The maintenance and access-denied pages show their texts', async ({ page }) => {
  await openPage(page, '/maintenance');
  await expect(page.getByRole('heading', { name: 'Ooops' })).toBeVisible();
  await expect(
    page.getByText("Hang in there, we're down for scheduled maintenance right now. Be back soon!"),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await openPage(page, '/access-denied');
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the task list' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("The health-check popup stays while the API is down and 'Got it!' leads to the task list once it is back", async ({
  page,
}, testInfo) => {
  await signUpStudent(page, testInfo);
  await page.route('**/api/v3/ready', (route) =>
    route.fulfill({ status: 503, json: { detail: 'Database unavailable' } }),
  );
  await openPage(page, '/healthcheck');
  const popup = page.getByRole('dialog', { name: 'Technical difficulties' });
  await expect(
    popup.getByText(
      "Sorry! We are experiencing technical difficulties, but we're already working on it. Please try again in a few minutes.",
    ),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await popup.getByRole('button', { name: 'Got it!' }).click();
  await expect(popup.getByText('Still not working. Please try again in a few minutes.')).toBeVisible();
  await expect(page).toHaveURL(/\/healthcheck$/);

  await page.unroute('**/api/v3/ready');
  await popup.getByRole('button', { name: 'Got it!' }).click();
  await expect(page).toHaveURL(/\/orders$/);
});
