import { E2E_NEW_TASKS_PER_HOUR } from '../support/limits.ts';
import {
  createPricedTask,
  creditStudent,
  JSON_CALL,
  payFromBalance,
  signUpStudent,
  submitSignUp,
  uniqueEmail,
} from '../support/student.ts';
import { expect, test } from '../support/test.ts';

// Decision 030: past a per-user limit the server answers 429 with a message, and the page shows that message
// where the student acted. The limits are the server's real defaults, reached through the API first.
const UPLOADS_PER_HOUR = 100;
const MESSAGES_PER_MINUTE = 20;
const SMS_CODES_PER_HOUR = 5;

test('Past the uploads and messages limits, the task files page and the messages panel say why and for how long', async ({
  page,
}, testInfo) => {
  await signUpStudent(page, testInfo);
  const id = await createPricedTask(page.request, {
    title: 'Lab report',
    subject: 'English',
    pages: 1,
    hoursAhead: 100,
  });
  // docs/product/messages.md: the chat is for clients with a paid task.
  await creditStudent(page.request, 30);
  await payFromBalance(page.request, id, { cents: 2655 });

  for (let i = 0; i < MESSAGES_PER_MINUTE; i++) {
    const sent = await page.request.post(`/api/v3/orders/${id}/messages`, {
      headers: JSON_CALL,
      data: { message: `Question ${i}` },
    });
    expect(sent.status()).toBe(201);
  }
  await page.goto(`/order/${id}/messages`);
  const panel = page.getByRole('region', { name: 'Task messages' });
  await panel.getByPlaceholder('Type a message...').fill('One more question');
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(panel.getByRole('alert')).toHaveText(
    /^You are sending messages too fast\. Please try again in a minute\.$/,
  );

  for (let i = 0; i < UPLOADS_PER_HOUR; i++) {
    const signed = await page.request.post(`/api/v3/orders/${id}/uploads`, {
      headers: JSON_CALL,
      data: { name: `f${i}.pdf`, size: 100, type: 'application/pdf', context: 'order' },
    });
    expect(signed.status()).toBe(201);
  }
  const limited =
    /^You have uploaded many files in the last hour\. Please try again in (\d+ minutes|an hour)\.$/;
  // The message's attachment chip.
  await panel.getByTestId('message-file-input').setInputFiles({
    name: 'outline.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('1. Introduction\n'),
  });
  const chip = panel.getByRole('listitem').filter({ hasText: 'outline.txt' }).first();
  await expect(chip).toHaveAttribute('data-status', 'failed');
  await expect(chip.getByText(limited)).toBeVisible();

  // The task files page.
  await page.goto(`/order/${id}/upload`);
  await page
    .getByLabel('Attach file or photo')
    .setInputFiles([
      { name: 'brief.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 brief') },
    ]);
  await expect(page.getByRole('list', { name: 'Task files' }).getByRole('alert')).toHaveText(limited);
});

test('Past the SMS codes limit, the phone banner says why', async ({ page, browser }, testInfo) => {
  await signUpStudent(page, testInfo);
  await page.goto('/referral');
  const link = await page.getByRole('textbox', { name: 'Invite link' }).inputValue();
  const friendContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const friend = await friendContext.newPage();
  await friend.goto(new URL(link).pathname);
  await submitSignUp(friend.getByRole('dialog'), uniqueEmail(testInfo));
  await friend
    .getByRole('dialog', { name: "You joined through a friend's invite" })
    .getByRole('button', { name: 'Got it' })
    .click();

  const phone = `+852${String(Date.now()).slice(-8)}`;
  const saved = await friend.request.patch('/api/v3/users/client/me', {
    headers: JSON_CALL,
    data: { phone, country: 'HK' },
  });
  expect(saved.status()).toBe(200);
  for (let i = 0; i < SMS_CODES_PER_HOUR; i++) {
    const sent = await friend.request.post('/api/v3/users/client/me/phone-verification', {
      headers: JSON_CALL,
      data: {},
    });
    expect(sent.status()).toBe(200);
  }
  await friend.reload();
  const banner = friend.getByRole('region', { name: 'Confirm your phone number' });
  await banner.getByRole('button', { name: 'Send code' }).click();
  await expect(banner.getByRole('alert')).toHaveText('Too many codes were sent. Please try again in an hour');
  await friendContext.close();
});

// Decision 052: a client creates at most NEW_TASKS_PER_HOUR tasks; the task form says why the next one waits.
const NEW_TASKS_PER_HOUR = E2E_NEW_TASKS_PER_HOUR;

test('Past the new tasks limit, the task form says why and for how long @one-size', async ({
  page,
}, testInfo) => {
  await signUpStudent(page, testInfo);
  for (let i = 0; i < NEW_TASKS_PER_HOUR; i++) {
    const created = await page.request.post('/api/v3/orders', {
      headers: JSON_CALL,
      data: { title: `Essay ${i}`, subject: 'English' },
    });
    expect(created.status()).toBe(201);
  }
  await page.goto('/create');
  await page.getByPlaceholder('Type your task name').fill('One more essay');
  const course = page.getByPlaceholder('Choose your course');
  await course.click();
  await course.fill('physi');
  await page.getByRole('option', { name: /^Physics$/ }).click();
  await page.getByRole('button', { name: 'Add new task' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    /^You have created many tasks in the last hour\. Please try again in (\d+ minutes|an hour)\.$/,
  );
  await expect(page).toHaveURL(/\/create$/);
  await page.screenshot({ path: `screenshots/new-tasks-limit-${testInfo.project.name}.png` });
});
