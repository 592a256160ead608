import { expectNoSidewaysScroll, shot } from '../support/layout.ts';
import { operatorToken } from '../support/operator.ts';
import {
  createPricedTask,
  creditStudent,
  expectNoA11yViolations,
  expectNoSeriousA11yViolations,
  JSON_CALL,
  payFromBalance,
  signUpStudent,
} from '../support/student.ts';
import { expect, test } from '../support/test.ts';

test('A student writes in the task messages and sees the Account Manager reply live, on the panel and the badge', async ({
  page,
}, testInfo) => {
  await signUpStudent(page, testInfo);
  const id = await createPricedTask(page.request, {
    title: 'Lab report',
    subject: 'English',
    pages: 1,
    hoursAhead: 100,
  });
  // docs/product/messages.md: the chat is for clients with a paid task (or in the US or Canada).
  await creditStudent(page.request, 30);
  await payFromBalance(page.request, id, { cents: 2655 });
  const ops = await operatorToken(page.request);
  const reply = (message: string) =>
    page.request.post(`/api/v3/ops/orders/${id}/messages`, {
      headers: { authorization: `Bearer ${ops}` },
      data: { message, sender_role: 'operator' },
    });

  await page.goto(`/order/${id}`);
  await page.getByTestId('chat-button').click();
  await expect(page).toHaveURL(new RegExp(`/order/${id}/messages$`));
  const panel = page.getByRole('region', { name: 'Task messages' });
  await expect(panel).toBeVisible();
  const box = panel.getByPlaceholder('Type a message...');
  // docs/product/messages.md: no send button without something to send.
  await expect(panel.getByRole('button', { name: 'Send' })).toHaveCount(0);
  await box.fill('Can my Geek use APA style?');
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(box).toHaveValue('');
  await expect(panel.getByText('Can my Geek use APA style?')).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);
  const stored = await page.request.get(`/api/v3/orders/${id}/messages`, { headers: JSON_CALL });
  expect((await stored.json()).results).toHaveLength(1);

  // An attachment: uploaded straight to storage, sent with the message, and downloaded back.
  await panel.getByTestId('message-file-input').setInputFiles({
    name: 'outline.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('1. Introduction\n2. Method\n'),
  });
  await expect(panel.getByRole('listitem').filter({ hasText: 'outline.txt' }).first()).toHaveAttribute(
    'data-status',
    'loaded',
  );
  await panel.getByRole('button', { name: 'Send' }).click();
  const fileLink = panel.getByRole('link', { name: 'outline.txt' });
  await expect(fileLink).toBeVisible();
  await expect(panel.getByRole('list', { name: 'Attached files' })).toHaveCount(0);
  const downloaded = await page.request.get((await fileLink.getAttribute('href')) ?? '');
  expect(downloaded.status()).toBe(200);
  expect(await downloaded.text()).toBe('1. Introduction\n2. Method\n');

  // The operator's reply reaches the open panel without a reload, and is read once it is in view.
  expect((await reply('Yes, APA 7 is fine.')).status()).toBe(201);
  const item = panel.getByRole('listitem').filter({ hasText: 'Yes, APA 7 is fine.' });
  await expect(item).toBeVisible();
  await expect(item.getByText('Account Manager')).toBeVisible();
  await expect(item.getByText('New')).toHaveCount(0);
  await expect
    .poll(
      async () =>
        (
          await (
            await page.request.get('/api/v3/notification?types=allmessages', { headers: JSON_CALL })
          ).json()
        ).unread,
    )
    .toBe(0);

  // Back on the task, the next reply shows on the chat button's badge, still without a reload.
  await panel.getByRole('link', { name: 'Back to the task' }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${id}$`));
  await expect(page.getByTestId('chat-badge')).toHaveCount(0);
  expect((await reply('Your Geek has started.')).status()).toBe(201);
  await expect(page.getByTestId('chat-badge')).toHaveText('1');
  await expect(page.getByTestId('chat-bubble')).toHaveCount(0); // the client wrote less than 20 minutes ago
  await page.goto('/orders');
  await expect(page.getByText('4 messages')).toBeVisible();
  // docs/product/messages.md: #livechat opens the chat.
  await page.goto('/orders#livechat');
  await expect(page).toHaveURL(new RegExp(`/order/${id}/messages$`));
  await expect(
    page.getByRole('region', { name: 'Task messages' }).getByText('Your Geek has started.'),
  ).toBeVisible();
});

test("The Geek's messages show the Geek's public name in the panel", async ({ page }, testInfo) => {
  await signUpStudent(page, testInfo);
  const id = await createPricedTask(page.request, {
    title: 'History essay',
    subject: 'English',
    pages: 1,
    hoursAhead: 100,
  });
  await creditStudent(page.request, 30);
  await payFromBalance(page.request, id, { cents: 2655 });
  const auth = { authorization: `Bearer ${await operatorToken(page.request)}` };
  const geek = await page.request.post('/api/v3/ops/geeks', {
    headers: auth,
    data: { public_full_name: 'Grace H.', major: 'History', public_subjects: ['History'] },
  });
  expect(geek.status()).toBe(201);
  const assigned = await page.request.post(`/api/v3/ops/orders/${id}/transitions`, {
    headers: auth,
    data: { name: 'assign_geek', writer_id: (await geek.json())._id },
  });
  expect(assigned.status()).toBe(200);
  for (const [message, sender_role] of [
    ['Hi! I am on your essay.', 'writer'],
    ['Your Geek has started.', 'operator'],
  ]) {
    const sent = await page.request.post(`/api/v3/ops/orders/${id}/messages`, {
      headers: auth,
      data: { message, sender_role },
    });
    expect(sent.status()).toBe(201);
  }

  await page.goto(`/order/${id}/messages`);
  const panel = page.getByRole('region', { name: 'Task messages' });
  const fromGeek = panel.getByRole('listitem').filter({ hasText: 'Hi! I am on your essay.' });
  await expect(fromGeek.getByText('Grace H. · Geek')).toBeVisible();
  const fromManager = panel.getByRole('listitem').filter({ hasText: 'Your Geek has started.' });
  await expect(fromManager.getByText('Account Manager', { exact: true })).toBeVisible();
  await shot(page, testInfo, 'messages-geek-name');
  await expectNoA11yViolations(page);
  await expectNoSidewaysScroll(page);
});

test('A new message marks its task on the list live, in words to a screen reader; reading it clears the mark and the task page count', async ({
  page,
}, testInfo) => {
  await signUpStudent(page, testInfo);
  const id = await createPricedTask(page.request, {
    title: 'Unread mark essay',
    subject: 'English',
    pages: 1,
    hoursAhead: 100,
  });
  await creditStudent(page.request, 30);
  await payFromBalance(page.request, id, { cents: 2655 });
  const ops = await operatorToken(page.request);

  await page.goto('/orders');
  const row = page.getByRole('link', { name: /Unread mark essay/ });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('unread-mark')).toHaveCount(0);
  // The Account Manager writes while the list is open: the mark appears without a reload.
  for (const message of ['Your task is with our team', 'We found a Geek for you']) {
    await page.request.post(`/api/v3/ops/orders/${id}/messages`, {
      headers: { authorization: `Bearer ${ops}` },
      data: { message, sender_role: 'operator' },
    });
  }
  await expect(row.getByTestId('unread-mark')).toHaveText('2 new2 unread messages');
  await expect(row).toHaveAccessibleName(/2 unread messages/);
  await expectNoSidewaysScroll(page);
  await shot(page, testInfo, 'orders-unread-mark');

  // The task page links to its messages with the same count.
  await row.click();
  const messagesLink = page.getByRole('link', { name: 'Messages, 2 unread' });
  await expect(messagesLink).toBeVisible();
  await shot(page, testInfo, 'task-messages-link');
  await messagesLink.click();
  await expect(page).toHaveURL(new RegExp(`/order/${id}/messages$`));
  await expect(
    page.getByRole('region', { name: 'Task messages' }).getByText('We found a Geek for you'),
  ).toBeVisible();
  // Read: the link's count and the list's mark clear.
  await expect(page.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();
  await page.goto('/orders');
  await expect(page.getByRole('link', { name: /Unread mark essay/ })).toBeVisible();
  await expect(page.getByTestId('unread-mark')).toHaveCount(0);
});
