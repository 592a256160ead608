import { ONE_SIZE } from '../support/layout.ts';
import {
  createPricedTask,
  creditStudent,
  expectNoSeriousA11yViolations,
  JSON_CALL,
  payFromBalance,
  STUDENT_PASSWORD,
  sentMail,
  uniqueEmail,
} from '../support/student.ts';
import { expect, test } from '../support/test.ts';

test(
  'A link from an order e-mail logs the student in once and opens the task, and a spent one still leads there after log-in; a referral link never logs in',
  ONE_SIZE,
  async ({ browser, playwright, baseURL }, testInfo) => {
    // The student signs up, adds a task and pays it, all through the API: the payment's receipt (the task's first
    // payment) says 'This means a Geek can work on it' and links to the task.
    const email = uniqueEmail(testInfo);
    const api = await playwright.request.newContext({ baseURL });
    const signedUp = await api.post('/api/v3/users/client/new', {
      headers: JSON_CALL,
      data: { email, password: STUDENT_PASSWORD },
    });
    expect(signedUp.status()).toBe(201);
    const title = `Essay on Hamlet ${Date.now()}`;
    const id = await createPricedTask(api, { title, subject: 'English', pages: 1, hoursAhead: 120 });
    await creditStudent(api, 100);
    await payFromBalance(api, id, { cents: 10_000 });

    // The mail the server wrote carries a /login/{token} link.
    let link = '';
    await expect
      .poll(() => {
        const mail = sentMail().find((m) => m.includes(`To: ${email}`) && m.includes('This means a Geek'));
        link = /http:\/\/[^\s/]+(\/login\/[A-Za-z0-9_-]+\?to=[^\s#]+#orderemail)/.exec(mail ?? '')?.[1] ?? '';
        return link;
      })
      .toMatch(/^\/login\//);

    // A browser that is not logged in follows it and lands on the task.
    const first = await browser.newContext();
    const page = await first.newPage();
    await page.goto(link);
    await expect(page).toHaveURL(new RegExp(`/order/${id}$`));
    await expect(page.getByText(title).first()).toBeVisible();
    // Opened again in the same (now logged-in) browser, the spent link still leads to the task.
    await page.goto('/orders');
    await page.goto(link);
    await expect(page).toHaveURL(new RegExp(`/order/${id}$`));
    await first.close();

    // The link works once: opened again, it shows the log-in popup with a clear message.
    const second = await browser.newContext();
    const again = await second.newPage();
    await again.goto(link);
    const dialog = again.getByRole('dialog', { name: 'Log in' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(/This log-in link has expired or has already been used/)).toBeVisible();
    await expectNoSeriousA11yViolations(again);
    await again.screenshot({ path: `screenshots/login-link-used-${testInfo.project.name}.png` });
    await dialog.getByLabel(/email/i).fill(email);
    await dialog.getByLabel(/password/i).fill(STUDENT_PASSWORD);
    await dialog
      .getByRole('button', { name: /log in/i })
      .last()
      .click();
    // The spent link's destination is not lost: after the password log-in the student lands on the task.
    await expect(again).toHaveURL(new RegExp(`/order/${id}$`));
    await expect(again.getByText(title).first()).toBeVisible();
    await second.close();

    // A link from an e-mail to a task (#orderemail) opened while logged out comes back after log-in.
    const third = await browser.newContext();
    const tab = await third.newPage();
    await tab.goto(`/order/${id}#orderemail`);
    await expect(tab).toHaveURL(/\/login$/);
    const popup = tab.getByRole('dialog', { name: 'Log in' });
    await popup.getByLabel(/email/i).fill(email);
    await popup.getByLabel(/password/i).fill(STUDENT_PASSWORD);
    await popup
      .getByRole('button', { name: /log in/i })
      .last()
      .click();
    await expect(tab).toHaveURL(new RegExp(`/order/${id}$`));
    await third.close();

    // The student's public referral code in a /r/ link never logs anyone in: it opens sign-up and is kept
    // to go with it as referred_by.
    const code: string = (await signedUp.json()).user.referral_code;
    const fourth = await browser.newContext();
    const visitor = await fourth.newPage();
    await visitor.goto(`/r/${code}/orders`);
    await expect(visitor).toHaveURL(/\/signup$/);
    await expect(visitor.getByRole('dialog', { name: 'Sign up' })).toBeVisible();
    expect((await visitor.request.get('/api/v3/users/client/me', { headers: JSON_CALL })).status()).toBe(401);
    expect(await visitor.evaluate(() => localStorage.getItem('geekly.referredBy'))).toBe(
      JSON.stringify(code),
    );
    await fourth.close();
    await api.dispose();
  },
);
