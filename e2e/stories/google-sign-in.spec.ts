import type { Page } from '@playwright/test';
import { ONE_SIZE, shot } from '../support/layout.ts';
import { keepPendingTask, storedPendingTask } from '../support/pending-task.ts';
import { openPublicPage } from '../support/public-site.ts';
import { expectNoA11yViolations, JSON_CALL, submitSignUp, uniqueEmail } from '../support/student.ts';
import { expect, test } from '../support/test.ts';

// Decision 040: Sign in with Google. The stories' Google is a real OpenID Connect provider on loopback
// (playwright.config.ts starts it); its sign-in page takes any e-mail, verified or not.

/** The provider's sign-in page, as a Google account with this e-mail. */
async function signInAtProvider(page: Page, email: string, verified = true) {
  await expect(page.getByRole('heading', { name: 'Test identity provider' })).toBeVisible();
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  if (!verified) await page.getByLabel('E-mail verified').uncheck();
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('A visitor signs up with Google from the public page’s Sign up popup and lands signed in on the task list', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail(testInfo);
  await openPublicPage(page, '/');
  // The header's Sign up (in the menu on a small screen) opens the popup over the page (decision 033).
  const signUp = page.getByRole('link', { name: 'Sign up free' }).filter({ visible: true }).first();
  const menu = page.getByRole('button', { name: 'Menu' });
  if ((await signUp.count()) === 0 && (await menu.isVisible())) await menu.click();
  await signUp.click();
  const dialog = page.getByRole('dialog', { name: 'Sign up' });
  const google = dialog.getByRole('link', { name: 'Sign up with Google' });
  await expect(google).toBeVisible();
  await expectNoA11yViolations(page);
  await shot(page, testInfo, 'google-sign-up-dialog');

  await google.click();
  await signInAtProvider(page, email);

  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByText("Looks like you don't have any tasks.")).toBeVisible();
  const me = await (await page.request.get('/api/v3/users/client/me', { headers: JSON_CALL })).json();
  expect(me.email).toBe(email);
  await expectNoA11yViolations(page);
  await shot(page, testInfo, 'google-signed-in-orders');

  // Log out, then the same Google account logs in from the Log in popup: the same account.
  await page.request.post('/api/v3/logout', { headers: JSON_CALL });
  await page.goto('/login');
  const login = page.getByRole('dialog', { name: 'Log in' });
  await login.getByRole('link', { name: 'Sign in with Google' }).click();
  // The provider remembers who signed in there, as Google does: it sends the browser straight back.
  await expect(page).toHaveURL(/\/orders$/);
  const again = await (await page.request.get('/api/v3/users/client/me', { headers: JSON_CALL })).json();
  expect(again._id).toBe(me._id);
});

test('A visitor with a pending task signs up with Google and lands on the new task’s checkout', async ({
  page,
}, testInfo) => {
  const title = `Essay on Othello ${Date.now()}`;
  await keepPendingTask(page, { title, subject: 'English' });
  await page.goto('/signup');
  await page
    .getByRole('dialog', { name: 'Sign up' })
    .getByRole('link', { name: 'Sign up with Google' })
    .click();
  await signInAtProvider(page, uniqueEmail(testInfo));

  await expect(page).toHaveURL(/\/order\/[^/]+(\/checkout)?$/);
  await expect(page.getByText(title).first()).toBeVisible();
  const list = await (await page.request.get('/api/v3/orders?page=0', { headers: JSON_CALL })).json();
  expect(list.results.map((o: { title: string; subject: string }) => [o.title, o.subject])).toEqual([
    [title, 'English'],
  ]);
  // Kept through the trip to Google, the pending task is dropped once signed in: a later log-in opens no task.
  await expect.poll(() => storedPendingTask(page)).toBeNull();
});

test(
  'A Google account whose e-mail is not verified is refused, and the popup says why; the pending task waits for the sign-up that follows',
  ONE_SIZE,
  async ({ page }, testInfo) => {
    const title = `Essay on Macbeth ${Date.now()}`;
    await keepPendingTask(page, { title, subject: 'English' });
    await page.goto('/signup');
    await page
      .getByRole('dialog', { name: 'Sign up' })
      .getByRole('link', { name: 'Sign up with Google' })
      .click();
    await signInAtProvider(page, uniqueEmail(testInfo), false);

    await expect(page).toHaveURL(/\/signup\?google_error=unverified$/);
    const dialog = page.getByRole('dialog', { name: 'Sign up' });
    await expect(dialog.getByRole('alert')).toHaveText(/Google has not verified the e-mail address/);
    expect((await page.request.get('/api/v3/users/client/me', { headers: JSON_CALL })).status()).toBe(401);
    await expectNoA11yViolations(page);
    await shot(page, testInfo, 'google-unverified');

    // The refused sign-in did not lose the task: a password sign-up in the same popup creates it and opens its
    // checkout, which sends a task without a price yet on to its form (docs/product/statuses-and-state-machine.md).
    await submitSignUp(dialog, uniqueEmail(testInfo));
    await expect(page).toHaveURL(/\/order\/[^/]+(\/checkout)?$/);
    await expect(page.getByText(title).first()).toBeVisible();
    const list = await (await page.request.get('/api/v3/orders?page=0', { headers: JSON_CALL })).json();
    expect(list.results.map((o: { title: string }) => o.title)).toEqual([title]);
    expect(await storedPendingTask(page)).toBeNull();
  },
);

test(
  'An answer from Google that this browser did not start (expired, or sent from elsewhere) opens the log-in popup, which says why',
  ONE_SIZE,
  async ({ page }) => {
    // No sign-in under way in this browser: no state cookie, as after its 10 minutes.
    await page.goto('/api/v3/auth/google/callback?state=some-other-sign-in&code=a-code');
    await expect(page).toHaveURL(/\/login\?google_error=expired$/);
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await expect(dialog.getByRole('alert')).toHaveText(
      'This sign-in with Google has expired or was not started in this browser. Please try again.',
    );
    expect((await page.request.get('/api/v3/users/client/me', { headers: JSON_CALL })).status()).toBe(401);
    await expectNoA11yViolations(page);
  },
);
