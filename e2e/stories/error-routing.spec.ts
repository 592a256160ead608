import type { Page } from '@playwright/test';
import { ONE_SIZE, openPage, shot } from '../support/layout.ts';
import { JSON_CALL, signUpStudent } from '../support/student.ts';
import { expect, test } from '../support/test.ts';

// docs/product/public-site.md: the global routing of failures, driven by the answers of the API. Routing does not depend on the
// screen's size: these run at desktop size only (ONE_SIZE); status-pages.spec.ts shoots the pages at both.

/** A signed-in student on the task list with one task, ready to open it (the page load of a resource). */
async function studentWithATask(page: Page, testInfo: Parameters<typeof signUpStudent>[1]) {
  await signUpStudent(page, testInfo);
  const created = await page.request.post('/api/v3/orders', {
    headers: JSON_CALL,
    data: { title: 'Routing check task', subject: 'History' },
  });
  expect(created.status()).toBe(201);
  await openPage(page, '/orders');
  const link = page.getByRole('link', { name: /Routing check task/ });
  await expect(link).toBeVisible();
  return link;
}

test("A 401 on any call signs the student out to '/'", ONE_SIZE, async ({ page }, testInfo) => {
  const task = await studentWithATask(page, testInfo);
  // The session is gone on the server: the calls that need it now answer 401, and drop the session cookie and its
  // readable hint as the server does with a refused cookie (else a public page's first script, which reads the
  // hint, would send the student back to /orders).
  await page.route(/\/api\/v3\/(users\/client\/me|orders)(\/|\?|$)/, async (route) => {
    await page.context().clearCookies();
    await route.fulfill({ status: 401, json: { detail: 'Not authenticated' } });
  });
  await task.click();
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.getByRole('link', { name: 'Sign up free' }).first()).toBeVisible();
});

test(
  'A 403 on a page load leads to /access-denied, which leads on to the task list',
  ONE_SIZE,
  async ({ page }, testInfo) => {
    const task = await studentWithATask(page, testInfo);
    await page.route('**/api/v3/orders/*', (route) =>
      route.fulfill({ status: 403, json: { detail: 'Forbidden' } }),
    );
    await task.click();
    await expect(page).toHaveURL(/\/access-denied$/);
    await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
    await page.unroute('**/api/v3/orders/*');
    await page.getByRole('link', { name: 'Go to the task list' }).click();
    await expect(page).toHaveURL(/\/orders$/);
  },
);

test(
  'A 503 while the health check fails leads to /healthcheck; while it passes, to /maintenance',
  ONE_SIZE,
  async ({ page }, testInfo) => {
    const task = await studentWithATask(page, testInfo);
    await page.route('**/api/v3/orders/*', (route) =>
      route.fulfill({ status: 503, json: { detail: 'Unavailable' } }),
    );
    await page.route('**/api/v3/ready', (route) =>
      route.fulfill({ status: 503, json: { detail: 'Database unavailable' } }),
    );
    await task.click();
    await expect(page).toHaveURL(/\/healthcheck$/);
    await expect(page.getByText(/Sorry! We are experiencing technical difficulties/)).toBeVisible();

    await page.unroute('**/api/v3/ready');
    await openPage(page, '/orders');
    await page.getByRole('link', { name: /Routing check task/ }).click();
    await expect(page).toHaveURL(/\/maintenance$/);
    await expect(page.getByRole('heading', { name: 'Ooops' })).toBeVisible();
  },
);

test(
  'A 404 on a page load goes to /page-not-found, while forms keep showing their own 4xx errors',
  ONE_SIZE,
  async ({ page }, testInfo) => {
    const email = await signUpStudent(page, testInfo);
    const list = /\/api\/v3\/orders\?page=0$/;
    await page.route(list, (route) => route.fulfill({ status: 404, json: { detail: 'Not found' } }));
    await openPage(page, '/orders');
    await expect(page).toHaveURL(/\/page-not-found$/);
    await expect(page.getByRole('heading', { name: 'Looks like you are lost' })).toBeVisible();
    await page.unroute(list);

    // Log-in with a wrong password: the popup says so and nobody is sent anywhere.
    await page.context().clearCookies();
    await openPage(page, '/login');
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/email/i).fill(email);
    await dialog.getByLabel(/password/i).fill('not my password');
    await dialog
      .getByRole('button', { name: /log in/i })
      .last()
      .click();
    await expect(dialog.getByText('Incorrect password')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    // Decision 052 (issue 34): past 5 free failures for this address and e-mail, a failure makes this address
    // wait (30 s, then longer) and the next try answers 429 with the wait; the popup shows the server's words.
    for (let i = 0; i < 5; i++) {
      const failed = await page.request.post('/api/v3/factor_auth', {
        headers: JSON_CALL,
        data: { type: 'check_code', factor: 'login', value: email, code: `guess ${i}` },
      });
      expect(failed.status()).toBe(400);
    }
    await dialog
      .getByRole('button', { name: /log in/i })
      .last()
      .click();
    await expect(dialog.getByText(/^Too many attempts\. Please try again in \d+ minutes?\.$/)).toBeVisible();
    await expect(dialog.getByText('Please try again later')).toHaveCount(0);
    await shot(page, testInfo, 'login-throttled');
  },
);
