import { expectNoSidewaysScroll } from '../support/layout.ts';
import {
  expectNoSeriousA11yViolations,
  JSON_CALL,
  STUDENT_PASSWORD,
  sentMail,
  uniqueEmail,
} from '../support/student.ts';
import { expect, test } from '../support/test.ts';

// Decision 028: a password of at least 8 characters, and a new notification e-mail confirmed by a mailed link.
test.describe.configure({ timeout: 120_000 });

test('Sign-up refuses a short password with a clear message, then takes a long one', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail(testInfo);
  await page.goto('/signup');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/email/i).fill(email);
  await dialog.getByLabel(/password/i).fill('short12');
  await dialog
    .getByRole('button', { name: /sign up/i })
    .last()
    .click();
  await expect(dialog.getByText('Your password must have at least 8 characters')).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `screenshots/sign-up-short-password-${testInfo.project.name}.png` });

  await dialog.getByLabel(/password/i).fill(STUDENT_PASSWORD);
  await dialog
    .getByRole('button', { name: /sign up/i })
    .last()
    .click();
  await expect(page).toHaveURL(/\/orders$/);
});

test('A new notification e-mail waits for the link mailed to it; the link confirms it once', async ({
  page,
  browser,
}, testInfo) => {
  const email = uniqueEmail(testInfo);
  const signedUp = await page.request.post('/api/v3/users/client/new', {
    headers: JSON_CALL,
    data: { email, password: STUDENT_PASSWORD },
  });
  expect(signedUp.status()).toBe(201);

  // The profile: a new address is saved as pending, and mail keeps going to the account e-mail.
  const next = `alerts-${email}`;
  await page.goto('/profile');
  const notify = page.getByLabel('Your email for task notifications and updates');
  await notify.fill(next);
  // Decision 051: the password first; a wrong one is refused under its field.
  const password = page.getByLabel('Your password, to send your mail to this address');
  await page.getByRole('button', { name: 'Save notification email' }).click();
  await expect(page.getByText('Enter your password to send your mail to another address')).toBeVisible();
  await password.fill('not my password');
  await page.getByRole('button', { name: 'Save notification email' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Incorrect password' })).toBeVisible();
  await password.fill(STUDENT_PASSWORD);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `screenshots/profile-email-password-${testInfo.project.name}.png` });
  await page.getByRole('button', { name: 'Save notification email' }).click();
  const pending = page.getByRole('status').filter({ hasText: 'We sent a confirmation link to' });
  await expect(pending).toContainText(next);
  await expect(pending).toContainText(`Until you open it, we keep writing to ${email}.`);
  await expect(notify).toHaveValue(email);
  await expectNoSidewaysScroll(page);
  await page.screenshot({
    path: `screenshots/profile-pending-email-${testInfo.project.name}.png`,
    fullPage: true,
  });

  // The mail to the new address carries a /confirm-email/{token} link, and no log-in link.
  let link = '';
  await expect
    .poll(() => {
      const mail = sentMail().find((m) => m.includes(`To: ${next}`));
      expect(mail ?? '').not.toMatch(/\/login\//);
      link = /http:\/\/[^\s/]+(\/confirm-email\/[A-Za-z0-9_-]{43})\b/.exec(mail ?? '')?.[1] ?? '';
      return link;
    })
    .toMatch(/^\/confirm-email\//);

  // Opened in another browser (a phone's mail app): no session needed; the button confirms it.
  const other = await browser.newContext();
  const confirmPage = await other.newPage();
  await confirmPage.goto(link);
  await expect(confirmPage.getByRole('heading', { name: 'Confirm your email' })).toBeVisible();
  await expectNoSeriousA11yViolations(confirmPage);
  await expectNoSidewaysScroll(confirmPage);
  await confirmPage.screenshot({ path: `screenshots/confirm-email-${testInfo.project.name}.png` });
  await confirmPage.getByRole('button', { name: 'Confirm email' }).click();
  await expect(confirmPage.getByRole('heading', { name: 'Email confirmed' })).toBeVisible();
  await expect(confirmPage.getByRole('status')).toHaveText(
    `We will send the news about your tasks to ${next}.`,
  );
  await confirmPage.screenshot({ path: `screenshots/confirm-email-done-${testInfo.project.name}.png` });

  // The link works once.
  await confirmPage.goto(link);
  await confirmPage.getByRole('button', { name: 'Confirm email' }).click();
  await expect(confirmPage.getByRole('alert')).toHaveText(
    'This link has expired or was already used. To get a new link, save the email again in your profile.',
  );
  await expect(confirmPage.getByRole('link', { name: 'Go to your profile' })).toBeVisible();
  await confirmPage.screenshot({ path: `screenshots/confirm-email-spent-${testInfo.project.name}.png` });
  await other.close();

  // The student's profile now shows the confirmed address and nothing pending.
  await page.reload();
  await expect(notify).toHaveValue(next);
  await expect(page.getByText('We sent a confirmation link to')).toHaveCount(0);

  // Decision 051: the account e-mail was told, with a one-click undo; it works from any browser, logs every
  // device out and sends the mail back to the account e-mail.
  let undoLink = '';
  await expect
    .poll(() => {
      const mails = sentMail().filter((m) => m.includes(`To: ${email}`) && m.includes('/undo-email/'));
      undoLink = /http:\/\/[^\s/]+(\/undo-email\/[A-Za-z0-9_-]{43})\b/.exec(mails.at(-1) ?? '')?.[1] ?? '';
      return mails.length;
    })
    .toBe(2);
  const elsewhere = await browser.newContext();
  const undoPage = await elsewhere.newPage();
  await undoPage.goto(undoLink);
  await expect(undoPage.getByRole('heading', { name: 'Undo the email change' })).toBeVisible();
  await expectNoSeriousA11yViolations(undoPage);
  await expectNoSidewaysScroll(undoPage);
  await undoPage.getByRole('button', { name: 'Undo the change' }).click();
  await expect(undoPage.getByRole('heading', { name: 'Change undone' })).toBeVisible();
  await expect(undoPage.getByRole('status')).toContainText(email);
  await undoPage.screenshot({ path: `screenshots/undo-email-done-${testInfo.project.name}.png` });
  await elsewhere.close();
  const me = await page.request.get('/api/v3/users/client/me');
  expect(me.status()).toBe(401);
});

test('Change password: the old one is refused, the new one taken; this browser stays, another is logged out', async ({
  page,
  browser,
}, testInfo) => {
  const email = uniqueEmail(testInfo);
  const signedUp = await page.request.post('/api/v3/users/client/new', {
    headers: JSON_CALL,
    data: { email, password: STUDENT_PASSWORD },
  });
  expect(signedUp.status()).toBe(201);
  // A second device signed in to the same account.
  const phone = await browser.newContext();
  const phonePage = await phone.newPage();
  const phoneLogIn = await phonePage.request.post('/api/v3/factor_auth', {
    headers: JSON_CALL,
    data: { type: 'check_code', factor: 'login', value: email, code: STUDENT_PASSWORD, get_user: true },
  });
  expect(phoneLogIn.status()).toBe(200);
  await phonePage.goto('/profile');
  await expect(phonePage.getByRole('heading', { name: 'My Profile' })).toBeVisible();

  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'Change password' });
  await card.getByLabel('Current password').fill('not my password');
  await card.getByLabel('New password').fill('short');
  await card.getByRole('button', { name: 'Change password' }).click();
  await expect(card.getByText('Your password must have at least 8 characters')).toBeVisible();
  await card.getByLabel('New password').fill('my new password 1');
  await card.getByRole('button', { name: 'Change password' }).click();
  await expect(card.getByText('Your current password is not correct')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await card.getByLabel('Current password').fill(STUDENT_PASSWORD);
  await card.getByRole('button', { name: 'Change password' }).click();
  await expect(card.getByRole('status')).toHaveText(
    'Your password was changed. You stay logged in here; every other device was logged out.',
  );
  await expectNoSidewaysScroll(page);
  await card.screenshot({ path: `screenshots/profile-password-changed-${testInfo.project.name}.png` });
  await page.screenshot({
    path: `screenshots/profile-password-${testInfo.project.name}.png`,
    fullPage: true,
  });

  // This browser is still signed in; the other device is sent to log in on its next call.
  await page.goto('/orders');
  await expect(page).toHaveURL(/\/orders$/);
  expect((await page.request.get('/api/v3/users/client/me')).status()).toBe(200);
  expect((await phonePage.request.get('/api/v3/users/client/me')).status()).toBe(401);
  await phone.close();

  const logIn = (code: string) =>
    page.request.post('/api/v3/factor_auth', {
      headers: JSON_CALL,
      data: { type: 'check_code', factor: 'login', value: email, code, get_user: true },
    });
  expect((await logIn(STUDENT_PASSWORD)).status()).toBe(400);
  expect((await logIn('my new password 1')).status()).toBe(200);
});
