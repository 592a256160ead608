import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expectNoSidewaysScroll, shot } from '../support/layout.ts';
import { CARDS, payOnSandboxCardPage } from '../support/sandbox-gateway.ts';
import {
  createPricedTask,
  creditStudent,
  expectNoA11yViolations,
  expectNoSeriousA11yViolations,
  JSON_CALL,
  payFromBalance,
  STUDENT_PASSWORD,
  signUpStudent,
  submitSignUp,
  uniqueEmail,
} from '../support/student.ts';
import { expect, test } from '../support/test.ts';

// Each story signs up and walks several screens: more than the default minute on a busy machine.
test.describe.configure({ timeout: 120_000 });

/** The text messages the server wrote under DATA_DIR/sms (SMS=files), oldest first. */
function sentSms(): string[] {
  const dir = join(process.env.E2E_DATA_DIR ?? '', 'sms');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .map((f) => readFileSync(join(dir, f), 'utf8'));
}

const myTasksLink = (page: Page) =>
  page
    .getByRole('link', { name: /^my tasks$/i })
    .filter({ visible: true })
    .first();
const unsavedPopup = (page: Page) => page.getByRole('dialog', { name: 'You have unsaved changes.' });

test('A student edits the profile and is asked about unsaved changes on a link and on the back button', async ({
  page,
}, testInfo) => {
  const email = await signUpStudent(page, testInfo);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await expect(page.getByLabel('Registration email')).toHaveValue(email);
  await expect(page.getByLabel('Registration email')).toHaveAttribute('readonly', '');
  await expect(page.getByText('We will inform you on the task progress by email.')).toBeVisible();
  // docs/product/public-site.md: the IP country is unknown here, so the United States.
  await expect(page.getByLabel('Country')).toHaveValue('US');
  await expect(page.getByRole('button', { name: 'Save phone number' })).toHaveCount(0);
  await expectNoSideways(page);

  const phone = page.getByRole('textbox', { name: 'Phone number' });
  await phone.pressSequentially('202555');
  await phone.blur();
  await expect(page.getByText('Phone number format is incorrect')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save phone number' })).toBeDisabled();
  // 'Yes, save changes' on the way out with the number unfinished: the popup closes, the page stays and the
  // phone takes the focus, read with its error (issue 27).
  await myTasksLink(page).click();
  await unsavedPopup(page).getByRole('button', { name: 'Yes, save changes' }).click();
  await expect(unsavedPopup(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(phone).toBeFocused();
  await expect(phone).toHaveAccessibleDescription('Phone number format is incorrect');
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await phone.fill('202 555 0143 99');
  await expect(phone).toHaveValue('(202) 555-0143');
  await expect(page.getByText('Phone number format is incorrect')).toBeHidden();
  // Decision 044: a UK number written with its trunk 0 keeps all its digits, and a 9-digit one is accepted.
  await page.getByLabel('Country').selectOption('GB');
  await phone.fill('07700 900123');
  await expect(phone).toHaveValue('7700 900123');
  await expect(page.getByText('Phone number format is incorrect')).toBeHidden();
  await phone.fill('016977 3456');
  await expect(phone).toHaveValue('1697 73456');
  await expect(page.getByText('Phone number format is incorrect')).toBeHidden();
  await phone.fill('016977 345');
  await expect(page.getByText('Phone number format is incorrect')).toBeVisible();
  await page.getByLabel('Country').selectOption('US');
  await phone.fill('202 555 0143');
  await expect(phone).toHaveValue('(202) 555-0143');
  await expect(page.getByText('Phone number format is incorrect')).toBeHidden();
  await expectNoSeriousA11yViolations(page);

  // A link away: the popup; 'No, thanks' leaves without saving.
  await myTasksLink(page).click();
  await expect(unsavedPopup(page).getByText('Do you want to save these changes?')).toBeVisible();
  await unsavedPopup(page).getByRole('button', { name: 'No, thanks' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  expect((await (await page.request.get('/api/v3/users/client/me')).json()).phone).toBeNull();

  // The back button: 'Yes, save changes' saves, then leaves.
  await openMyProfile(page);
  await expect(page).toHaveURL(/\/profile$/);
  const notify = page.getByLabel('Your email for task notifications and updates');
  await notify.fill('not an email');
  await expect(page.getByText('Oops, check your email format')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save notification email' })).toBeDisabled();
  await notify.fill('alerts@example.com');
  // Decision 051: mail goes elsewhere only with the account's password.
  await page.getByLabel('Your password, to send your mail to this address').fill(STUDENT_PASSWORD);
  await page.getByLabel('Country').selectOption('SG');
  await phone.fill('');
  // A number of its own per run and project (phones are unique across users).
  const sg = `9${String(Date.now()).slice(-7)}`;
  await phone.pressSequentially(sg);
  await expect(phone).toHaveValue(`${sg.slice(0, 4)} ${sg.slice(4)}`);
  await page.goBack();
  await expect(unsavedPopup(page)).toBeVisible();
  await unsavedPopup(page).getByRole('button', { name: 'Yes, save changes' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  const me = await (await page.request.get('/api/v3/users/client/me')).json();
  // A new notification e-mail waits for the link mailed to it (decision 028): mail still goes to the account's.
  expect(me).toMatchObject({
    phone: `+65${sg}`,
    country: 'SG',
    notification_email: me.email,
    pending_notification_email: 'alerts@example.com',
  });

  // Saved values: no popup on the way out.
  await page.goto('/profile');
  await expect(page.getByRole('textbox', { name: 'Phone number' })).toHaveValue(
    `${sg.slice(0, 4)} ${sg.slice(4)}`,
  );
  await myTasksLink(page).click();
  await expect(page).toHaveURL(/\/orders$/);
});

/** In the app (no page load): the header's profile menu on a desktop, the footer's link on a phone. */
async function openMyProfile(page: Page) {
  const menu = page.getByRole('button', { name: 'Profile menu' });
  if (await menu.isVisible()) {
    await menu.click();
    await page.getByRole('menuitem', { name: 'My Profile' }).click();
  } else {
    await page
      .getByRole('link', { name: /^my profile$/i })
      .filter({ visible: true })
      .first()
      .click();
  }
}

async function expectNoSideways(page: Page) {
  await expectNoSidewaysScroll(page);
}

test('A student sees the referral figures, types a top-up amount and closes the phone banner', async ({
  page,
}, testInfo) => {
  await signUpStudent(page, testInfo);

  // Referral: the code, the link that never logs anyone in, real figures.
  await page.goto('/referral');
  await expect(page.getByRole('heading', { name: 'Invite friends' })).toBeVisible();
  const code = (await page.getByTestId('referral-code').textContent()) ?? '';
  await expect(page.getByRole('textbox', { name: 'Invite link' })).toHaveValue(
    new RegExp(`/r/${code}/orders$`),
  );
  await expect(page.getByTestId('referral-count')).toHaveText('0');
  await expect(page.getByTestId('referral-earn')).toHaveText('$0.00');
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);

  // docs/product/account.md as typed: digits and one '.', 2 decimals, no sign.
  await page.goto('/balance');
  const amount = page.getByLabel('Top-up amount');
  await amount.pressSequentially('abc-5');
  await expect(amount).toHaveValue('5');
  await amount.pressSequentially('.345');
  await expect(amount).toHaveValue('5.34');
  await amount.fill('');
  await amount.pressSequentially('99999999');
  await expect(amount).toHaveValue('9999999');

  // A paid task and no phone: the closable phone banner, on the list but not on the profile.
  await creditStudent(page.request, 200);
  const task = await createPricedTask(page.request, {
    title: 'Lab report',
    subject: 'English',
    pages: 1,
    hoursAhead: 100,
  });
  const before = await (await page.request.get(`/api/v3/orders/${task}`)).json();
  await payFromBalance(page.request, task, { cents: Math.round(before.price * 100) });
  await page.goto('/orders');
  const banner = page.getByRole('region', { name: 'Add your phone number' });
  await expect(banner).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await expect(banner).toHaveCount(0);
  await page.goto('/orders');
  await banner.getByRole('button', { name: /dismiss/i }).click();
  await expect(banner).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: /tasks/i }).first()).toBeVisible();
  await expect(banner).toHaveCount(0);
});

test('A student buys premium plus with the sandbox card, gets earlier deadlines, and cancels it', async ({
  page,
}, testInfo) => {
  await signUpStudent(page, testInfo);
  // Premium plus with the sandbox card: 'Active', a 1-page task's earliest deadline an hour earlier.
  const second = await createPricedTask(page.request, {
    title: 'Short essay',
    subject: 'English',
    pages: 1,
    hoursAhead: 100,
  });
  const minBefore = new Date(
    (await (await page.request.get(`/api/v3/orders/${second}`)).json()).min_deadline,
  );
  await page.goto('/subscription');
  await expect(page.getByRole('heading', { name: 'Subscription' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Subscribe to Premium Plus' }).click();
  await payOnSandboxCardPage(page, CARDS.success);
  await expect(page).toHaveURL(/\/subscription\?payment_id=/);
  await expect(page.getByTestId('subscription-status')).toHaveText('Active');
  await expectNoSeriousA11yViolations(page);
  const minAfter = new Date((await (await page.request.get(`/api/v3/orders/${second}`)).json()).min_deadline);
  const earlier = minBefore.getTime() - minAfter.getTime();
  expect(earlier).toBeGreaterThan(3_500_000);
  expect(earlier).toBeLessThanOrEqual(3_600_000);

  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByTestId('subscription-status')).toHaveText('Pending cancelation');
  await expect(page.getByText(/^Ends on /)).toBeVisible();
  const subs = await (await page.request.get('/api/v3/subscriptions', { headers: JSON_CALL })).json();
  expect(subs.current).toMatchObject({ tag: 'premium plus', cancel_at_period_end: true });
});

test('A friend signs up through an invite link, sees the refer-bonus popup and confirms the phone by SMS', async ({
  page,
  browser,
}, testInfo) => {
  await signUpStudent(page, testInfo);
  await page.goto('/referral');
  const link = await page.getByRole('textbox', { name: 'Invite link' }).inputValue();

  // A visitor in another browser: the link opens sign-up (it logs nobody in).
  const friendContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const friend = await friendContext.newPage();
  await friend.goto(new URL(link).pathname);
  await expect(friend).toHaveURL(/\/signup$/);
  await submitSignUp(friend.getByRole('dialog'), uniqueEmail(testInfo));
  await expect(friend).toHaveURL(/\/orders\/refer-bonus$/);
  const popup = friend.getByRole('dialog', { name: "You joined through a friend's invite" });
  await expect(popup).toBeVisible();
  await expectNoSeriousA11yViolations(friend);
  await popup.getByRole('button', { name: 'Got it' }).click();
  await expect(friend).toHaveURL(/\/orders$/);

  const banner = friend.getByRole('region', { name: 'Confirm your phone number' });
  await expect(banner.getByRole('link', { name: 'add your phone number' })).toBeVisible();
  const phone = `+852${String(Date.now()).slice(-8)}`;
  const saved = await friend.request.patch('/api/v3/users/client/me', {
    headers: JSON_CALL,
    data: { phone, country: 'HK' },
  });
  expect(saved.status()).toBe(200);
  await friend.reload();
  await banner.getByRole('button', { name: 'Send code' }).click();
  await expect(banner.getByText(`We sent a 6-digit code to ${phone}.`)).toBeVisible();
  const code =
    /code is (\d{6})/.exec(
      sentSms()
        .filter((m) => m.includes(phone))
        .at(-1) ?? '',
    )?.[1] ?? '';
  expect(code).toMatch(/^\d{6}$/);
  await banner.getByLabel('SMS code').fill(code === '000000' ? '111111' : '000000');
  await banner.getByRole('button', { name: 'Confirm' }).click();
  await expect(banner.getByText('This code is not correct')).toBeVisible();
  await banner.getByLabel('SMS code').fill(code);
  await banner.getByRole('button', { name: 'Confirm' }).click();
  await expect(banner).toHaveCount(0);
  await expectNoSidewaysScroll(friend);
  await friendContext.close();
});

// Issue 26 item 3: every page a student owns is one menu away, in the header on a desktop, in the 'My profile'
// tab on a phone; a signed-in student opening /login or /signup lands on the task list, no form shown.
test('Everything a student owns is in the profile menu, and /login and /signup lead a signed-in student to the tasks', async ({
  page,
}, testInfo) => {
  await signUpStudent(page, testInfo);
  // Records whether a dialog ever showed while the log-in addresses were opened (a flash of the form).
  await page.addInitScript(() => {
    const w = window as unknown as { sawDialog: boolean };
    w.sawDialog = false;
    new MutationObserver(() => {
      if (document.querySelector('[role="dialog"]')) w.sawDialog = true;
    }).observe(document, { childList: true, subtree: true });
  });
  for (const path of ['/login', '/signup']) {
    await page.goto(path);
    // A cold page load of the app on a busy machine: its session is read before it decides.
    await expect(page).toHaveURL(/\/orders$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: /tasks/i }).first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { sawDialog: boolean }).sawDialog)).toBe(false);
  }

  const phone = testInfo.project.name === 'mobile';
  const trigger = phone
    ? page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'My profile' })
    : page.getByRole('button', { name: 'Profile menu' });
  const menu = page.getByRole('menu', { name: phone ? 'My profile' : 'Profile menu' });
  const items = ['My Balance', 'My Geeks', 'Invite friends', 'Subscription', 'My Profile', 'Logout'];
  const pages: [string, RegExp, string][] = [
    ['My Balance', /\/balance$/, 'My Balance'],
    ['My Geeks', /\/my-geeks$/, 'My Geeks'],
    ['Invite friends', /\/referral$/, 'Invite friends'],
    ['Subscription', /\/subscription$/, 'Subscription'],
    ['My Profile', /\/profile$/, 'My Profile'],
  ];

  await trigger.click();
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByRole('menuitem')).toHaveText(items);
  // The first item has the focus; arrows move through the items and wrap; Escape closes and gives it back.
  await expect(menu.getByRole('menuitem', { name: 'My Balance' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(menu.getByRole('menuitem', { name: 'Logout' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'My Balance' })).toBeFocused();
  await shot(page, testInfo, phone ? 'my-profile-tab' : 'profile-menu');
  await expectNoA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(trigger).toBeFocused();

  for (const [item, url, heading] of pages) {
    await trigger.click();
    await menu.getByRole('menuitem', { name: item }).click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  }
  await expectNoSidewaysScroll(page);

  await trigger.click();
  await menu.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get('/api/v3/users/client/me')).status()).toBe(401);
});
