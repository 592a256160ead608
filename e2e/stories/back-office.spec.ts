import type { APIRequestContext } from '@playwright/test';
import { activate } from '../support/keyboard.ts';
import { ONE_SIZE, shot } from '../support/layout.ts';
import { operatorToken } from '../support/operator.ts';
import {
  createPricedTask,
  creditStudent,
  E2E_OPERATOR,
  expectNoSeriousA11yViolations,
  JSON_CALL,
  payFromBalance,
  signUpStudent,
} from '../support/student.ts';
import { expect, test } from '../support/test.ts';

test('Staff log in at /ops, find a paid task, assign a Geek, start work, refund part, upload, reply and deliver while the student watches live; a student gets nothing there', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  // A student's task, paid in full from the balance: 1 page in about 100 hours is $26.55.
  await signUpStudent(page, testInfo);
  const stamp = `${testInfo.project.name} ${Date.now()}`;
  const title = `Back office story ${stamp}`;
  const id = await createPricedTask(page.request, { title, subject: 'English', pages: 1, hoursAhead: 100 });
  await creditStudent(page.request, 30);
  await payFromBalance(page.request, id, { cents: 2655 });
  const geekName = `Ada ${stamp}`;
  const geek = await page.request.post('/api/v3/ops/geeks', {
    headers: { authorization: `Bearer ${await operatorToken(page.request)}` },
    data: { public_full_name: geekName, major: 'English', public_subjects: ['English'] },
  });
  expect(geek.status()).toBe(201);

  // The student's cookie gets nothing at /ops: the staff log-in form only, and 403 from the operator API.
  await page.goto('/ops');
  await expect(page.getByRole('heading', { name: 'Geekly back office' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Back office' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  expect((await page.request.get('/api/v3/ops/orders')).status()).toBe(403);
  expect((await page.request.get(`/api/v3/ops/orders/${id}`)).status()).toBe(403);

  // The student keeps the task page open: what staff do shows there without a reload.
  await page.goto(`/order/${id}`);
  await expect(page.getByText('Checking your instructions').first()).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
  const studentWatches = async (text: string) => {
    await expect(page.getByText(text).first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
      true,
    );
  };

  // Staff, in their own browser.
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

  // The queue finds the task by its title, waiting for its instructions to be checked.
  await ops.getByLabel('Search by number, title or client e-mail').fill(title);
  const row = ops.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Instructions to check');
  await expectNoSeriousA11yViolations(ops);
  await ops.screenshot({ path: testInfo.outputPath('ops-queue.png'), fullPage: true });
  await row.click();
  await expect(ops.getByRole('heading', { name: title })).toBeVisible();
  await expect(ops.getByTestId('ops-status')).toContainText('Paid');

  // Only the steps the state machine allows now are offered.
  const actions = ops.getByRole('region', { name: 'Actions' });
  await expect(actions.getByRole('button', { name: 'Start work' })).toHaveCount(0);
  await actions.getByRole('button', { name: 'Instructions checked' }).click();
  await expect(actions.getByRole('button', { name: 'Instructions checked' })).toHaveCount(0);

  // Assign with the Geek picker.
  await actions.getByRole('button', { name: 'Assign' }).click();
  const dialog = ops.getByRole('dialog', { name: /Assign a Geek/ });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(ops);
  await dialog.getByRole('button', { name: /Geek/ }).click();
  await ops.getByRole('option', { name: new RegExp(geekName) }).click();
  await dialog.getByRole('button', { name: 'Assign' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(ops.getByTestId('ops-status')).toContainText('In Progress / Nerd found');

  await actions.getByRole('button', { name: 'Start work' }).click();
  await expect(ops.getByTestId('ops-status')).toContainText('In Progress / In progress');
  await studentWatches('Geek is working');
  // Deliver needs a final draft the student will see: not offered yet.
  await expect(actions.getByRole('button', { name: 'Deliver' })).toHaveCount(0);

  // A partial refund to the balance moves the paid amount and the student's balance by exactly its amount.
  await ops.getByRole('button', { name: 'Partial refund' }).click();
  const refund = ops.getByRole('dialog', { name: 'Partial refund' });
  const amount = refund.getByLabel('Amount, $');
  const reason = refund.getByLabel('Reason');
  await amount.fill('30');
  // Each refusal puts the focus on the first field it names, which is read with its error (issue 27).
  await refund.getByRole('button', { name: 'Refund' }).click();
  await expect(reason).toBeFocused();
  await expect(reason).toHaveAccessibleDescription('Give a reason');
  await reason.fill('Goodwill for a late start');
  await refund.getByRole('button', { name: 'Refund' }).click();
  await expect(refund.getByRole('alert')).toHaveText('At most $26.55 can be refunded');
  await expect(amount).toBeFocused();
  await expect(amount).toHaveAccessibleDescription('At most $26.55 can be refunded');
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(ops);
  await shot(ops, testInfo, 'ops-refund-error');
  await amount.fill('5');
  await refund.getByRole('button', { name: 'Refund' }).click();
  await expect(refund).toHaveCount(0);
  await expect(ops.getByTestId('refundable')).toHaveText('$21.55');
  await expect(ops.getByTestId('ops-paid')).toHaveText('$21.55');
  const me = await (await page.request.get('/api/v3/users/client/me')).json();
  expect(me.available_balance).toBe(8.45);

  // An internal note, and every step in the task's audit log with who did it.
  await ops.getByLabel('New note').fill('Student asked for British spelling');
  await ops.getByRole('button', { name: 'Add note' }).click();
  await expect(ops.getByRole('region', { name: 'Internal notes' })).toContainText(
    'Student asked for British spelling',
  );
  // A reply as the Geek reaches the student's conversation.
  const conversation = ops.getByRole('region', { name: 'Conversation' });
  await conversation.getByText('The Geek').click();
  await conversation.getByRole('textbox', { name: 'Reply' }).fill('Hi! I have started on your essay.');
  await conversation.getByRole('button', { name: 'Send' }).click();
  await expect(conversation).toContainText('Geek: Hi! I have started on your essay.');
  const studentMessages = await (await page.request.get(`/api/v3/orders/${id}/messages`)).text();
  expect(studentMessages).toContain('Hi! I have started on your essay.');

  // The Geek's final draft: straight to storage, then attached with its plagiarism check.
  const files = ops.getByRole('region', { name: 'Files', exact: true });
  await files.locator('input[type="file"]').setInputFiles({
    name: 'hamlet-final.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(`%PDF-1.4\n${'h'.repeat(3000)}\n`),
  });
  await expect(files.getByTestId('chosen-file')).toContainText('hamlet-final.pdf');
  await files.getByRole('button', { name: /Plagiarism check/ }).click();
  await ops.getByRole('option', { name: 'No plagiarism found' }).click();
  await files.getByLabel('Plagiarism level, %').fill('4');
  await files.getByRole('button', { name: 'Upload' }).click();
  const geekFiles = files.getByRole('list', { name: 'Geek files' });
  await expect(geekFiles).toContainText('hamlet-final.pdf');
  await expect(geekFiles).toContainText('Final draft');
  await expect(geekFiles).toContainText('No plagiarism found, 4%');
  await files.screenshot({ path: testInfo.outputPath('ops-files.png') });

  // Deliver is offered now; the student's open page shows the task completed, live.
  await actions.getByRole('button', { name: 'Deliver' }).click();
  await expect(ops.getByTestId('ops-status')).toContainText('Completed / Sent');
  await studentWatches('Task is completed');

  // The student asks for a revision: the staff's open task page shows it live, with the student's words, and
  // the decision asks for confirmation with the request in view.
  const revision = await page.request.post(`/api/v3/orders/${id}`, {
    headers: JSON_CALL,
    data: {
      action: 'client_revision',
      comment: 'Please quote Act 3 more closely',
      revision_deadline: new Date(Date.now() + 72 * 3_600_000).toISOString(),
    },
  });
  expect(revision.status()).toBe(200);
  await expect(ops.getByTestId('ops-status')).toContainText('Revision Requested');
  await expect(actions.getByTestId('student-request')).toContainText('Please quote Act 3 more closely');
  await actions.getByRole('button', { name: 'Accept revision' }).click();
  const decision = ops.getByRole('dialog', { name: 'Accept the revision?' });
  await expect(decision).toContainText('Please quote Act 3 more closely');
  await expectNoSeriousA11yViolations(ops);
  await ops.screenshot({ path: testInfo.outputPath('ops-decision.png') });
  await decision.getByRole('button', { name: 'Cancel' }).click();
  await expect(decision).toHaveCount(0);
  await expect(ops.getByTestId('ops-status')).toContainText('Revision Requested');
  await actions.getByRole('button', { name: 'Accept revision' }).click();
  await decision.getByRole('button', { name: 'Accept revision' }).click();
  await expect(decision).toHaveCount(0);
  await expect(ops.getByTestId('ops-status')).toContainText('On revision');
  await studentWatches('Revision in progress');
  await expect(actions.getByRole('button', { name: 'Deliver revision' })).toBeVisible();

  const audit = ops.getByRole('grid', { name: 'Audit log of the task' });
  for (const action of [
    'transition:accept_instructions',
    'transition:assign_geek',
    'transition:start_work',
    'refund',
    'note',
    'message',
    'geek_files',
    'transition:deliver',
    'transition:accept_revision',
  ])
    await expect(audit.getByRole('row').filter({ hasText: action }).first()).toContainText(
      E2E_OPERATOR.email,
    );
  await ops.screenshot({ path: testInfo.outputPath('ops-task.png'), fullPage: true });

  // A second paid task, no Geek yet: the open queue moves it to 'Refund requested' live when the student asks
  // for a refund, and staff decline it in a dialog that shows the student's reason.
  const refundTitle = `Refund story ${stamp}`;
  const refundId = await createPricedTask(page.request, {
    title: refundTitle,
    subject: 'English',
    pages: 1,
    hoursAhead: 100,
  });
  await creditStudent(page.request, 30);
  await payFromBalance(page.request, refundId, { cents: 2655 });
  await ops.getByRole('link', { name: '← Queue' }).click();
  await ops.getByLabel('Search by number, title or client e-mail').fill(refundTitle);
  const refundRow = ops.getByRole('row').filter({ hasText: refundTitle });
  await expect(refundRow).toContainText('Instructions to check');
  const asked = await page.request.post(`/api/v3/orders/${refundId}`, {
    headers: JSON_CALL,
    data: { action: 'client_refund', comment: 'I found the answer myself', refund_to: 'balance' },
  });
  expect(asked.status()).toBe(200);
  await expect(refundRow).toContainText('Refund requested');
  await refundRow.click();
  await expect(actions.getByTestId('student-request')).toContainText('I found the answer myself');
  await actions.getByRole('button', { name: 'Decline refund' }).click();
  const declining = ops.getByRole('dialog', { name: 'Decline the refund?' });
  await expect(declining).toContainText('I found the answer myself');
  await expectNoSeriousA11yViolations(ops);
  await declining.getByRole('button', { name: 'Decline refund' }).click();
  await expect(declining).toHaveCount(0);
  await expect(ops.getByTestId('ops-status')).toContainText('Refund Declined');
  await expect(actions.getByRole('button', { name: 'Decline refund' })).toHaveCount(0);
  await context.close();

  // The student never sees the note.
  const order = await (await page.request.get(`/api/v3/orders/${id}`)).json();
  expect(JSON.stringify(order)).not.toContain('British spelling');
});

test(
  'A support account is refused a refund over its limit in the back office, and can still refund within it',
  ONE_SIZE,
  async ({ page, browser }, testInfo) => {
    // A student's task paid from the balance: 5 pages, well over the support limit of $100.
    await signUpStudent(page, testInfo);
    const title = `Support limit ${testInfo.project.name} ${Date.now()}`;
    const id = await createPricedTask(page.request, { title, subject: 'English', pages: 5, hoursAhead: 100 });
    const { price } = (await (await page.request.get(`/api/v3/orders/${id}`)).json()) as { price: number };
    expect(price).toBeGreaterThan(100);
    await creditStudent(page.request, Math.ceil(price));
    await payFromBalance(page.request, id, { cents: Math.round(price * 100) });

    const context = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      viewport: page.viewportSize(),
    });
    const ops = await context.newPage();
    const logIn = async (email: string, password: string) => {
      await ops.getByLabel('E-mail').fill(email);
      await ops.getByLabel('Password').fill(password);
      await ops.getByRole('button', { name: 'Log in' }).click();
    };

    // An admin adds a support account on the Staff page. The story's own admin: its Log out revokes every token
    // of its account (decision 027), and the run's operator token must outlive this story.
    const admin = await newStaffAccount(page.request, 'admin');
    const support = { email: `support-${Date.now()}@geekly.test`, password: 'support-password-1' };
    await ops.goto('/ops/staff');
    await logIn(admin.email, admin.password);
    await expect(ops.getByRole('heading', { name: 'Staff' })).toBeVisible();
    await expectNoSeriousA11yViolations(ops);
    await ops.getByRole('button', { name: 'Add a staff account' }).click();
    const adding = ops.getByRole('dialog', { name: 'Add a staff account' });
    await adding.getByLabel('E-mail').fill(support.email);
    await adding.getByLabel('Password').fill('short');
    await adding.getByRole('button', { name: 'Add' }).click();
    await expect(adding.getByRole('alert')).toHaveText('At least 12 characters');
    // The refused field takes the focus and is read with its error (issue 27).
    await expect(adding.getByLabel('Password')).toBeFocused();
    await expect(adding.getByLabel('Password')).toHaveAccessibleDescription('At least 12 characters');
    await expectNoSeriousA11yViolations(ops);
    await shot(ops, testInfo, 'ops-add-staff-error');
    await adding.getByLabel('Password').fill(support.password);
    await adding.getByRole('button', { name: 'Add' }).click();
    await expect(adding).toHaveCount(0);
    await expect(ops.getByRole('row').filter({ hasText: support.email })).toContainText('Support');
    // Log out revokes the token on the server (decision 027), not only in this browser.
    const adminToken = await ops.evaluate(() => localStorage.getItem('geekly.ops.jwt'));
    await ops.getByRole('button', { name: 'Log out' }).click();
    await expect(ops.getByRole('button', { name: 'Log in' })).toBeVisible();
    const revoked = await ops.request.get('/api/v3/ops/me', {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(revoked.status()).toBe(401);

    // Support works the task, and has no Staff page.
    await ops.goto(`/ops/orders/${id}`);
    await logIn(support.email, support.password);
    await expect(ops.getByText(`${support.email} (support)`)).toBeVisible();
    await expect(
      ops.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Staff' }),
    ).toHaveCount(0);
    await expect(ops.getByRole('heading', { name: title })).toBeVisible();

    await ops.getByRole('button', { name: 'Partial refund' }).click();
    const refund = ops.getByRole('dialog', { name: 'Partial refund' });
    await refund.getByLabel('Amount, $').fill('101');
    await refund.getByLabel('Reason').fill('Unhappy with the pace');
    await refund.getByRole('button', { name: 'Refund' }).click();
    await expect(refund.getByRole('alert')).toHaveText('Support staff can refund at most $100.00 at once');
    // Nothing moved.
    await expect(ops.getByTestId('refundable')).toHaveText(`$${price.toFixed(2)}`);

    await refund.getByLabel('Amount, $').fill('100');
    await refund.getByRole('button', { name: 'Refund' }).click();
    await expect(refund).toHaveCount(0);
    await expect(ops.getByTestId('refundable')).toHaveText(`$${(price - 100).toFixed(2)}`);
    await ops.screenshot({ path: testInfo.outputPath('ops-support-refund.png'), fullPage: true });
    await context.close();
  },
);

/** A staff account made through the operator API by the run's operator (an admin). */
async function newStaffAccount(request: APIRequestContext, role: 'admin' | 'support') {
  const account = {
    email: `${role}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@geekly.test`,
    password: `${role}-password-1`,
  };
  const created = await request.post('/api/v3/ops/staff', {
    headers: { authorization: `Bearer ${await operatorToken(request)}` },
    data: { ...account, staff_role: role },
  });
  expect(created.status()).toBe(201);
  return account;
}

/** Rows a page of the back office's audit log (GET /ops/audit). */
const AUDIT_PAGE_SIZE = 50;

test("An admin ends a support account's sessions and disables it on the Staff page: its open back office returns to the log-in form", async ({
  page,
  browser,
}, testInfo) => {
  // Two back offices, a keyboard path through the Staff page and a stream's end: past 60 s on a busy 2-core machine.
  test.setTimeout(120_000);
  const support = await newStaffAccount(page.request, 'support');
  const open = async () => {
    const context = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      viewport: page.viewportSize(),
    });
    return { context, page: await context.newPage() };
  };

  // Support works in the back office, which follows the live stream.
  const s = await open();
  await s.page.goto('/ops');
  await s.page.getByLabel('E-mail').fill(support.email);
  await s.page.getByLabel('Password').fill(support.password);
  await s.page.getByRole('button', { name: 'Log in' }).click();
  await expect(s.page.getByText(`${support.email} (support)`)).toBeVisible();

  // The run's operator (an admin) opens the Staff page with its token (staff log-ins are limited per address,
  // and this admin never logs out: that would revoke the run's operator token).
  const a = await open();
  await a.page.addInitScript(
    (jwt) => localStorage.setItem('geekly.ops.jwt', jwt),
    await operatorToken(page.request),
  );
  await a.page.goto('/ops/staff');
  await expect(a.page.getByRole('row').filter({ hasText: E2E_OPERATOR.email })).toContainText('You');

  // The admin ends support's sessions: support's open back office shows the log-in form, with no reload.
  const row = a.page.getByRole('row').filter({ hasText: support.email });
  await row.getByRole('button', { name: 'End sessions' }).click();
  const ending = a.page.getByRole('dialog', { name: 'End sessions' });
  await expect(ending).toContainText(`${support.email} is logged out on every device now`);
  await expectNoSeriousA11yViolations(a.page);
  await ending.getByRole('button', { name: 'End sessions' }).click();
  await expect(ending).toHaveCount(0);
  await expect(s.page.getByText('Your session has ended. Please log in again.')).toBeVisible({
    timeout: 15_000,
  });

  // The admin disables the account (its log-in is refused from then on: the API suite checks that).
  await row.getByRole('button', { name: 'Disable' }).click();
  const disabling = a.page.getByRole('dialog', { name: 'Disable the account' });
  await expect(disabling).toContainText('cannot log in until an admin enables the account');
  await expectNoSeriousA11yViolations(a.page);
  await disabling.getByRole('button', { name: 'Disable' }).click();
  await expect(disabling).toHaveCount(0);
  await expect(row).toContainText('Disabled');
  await expect(row.getByRole('button', { name: 'Enable' })).toBeVisible();
  await expectNoSeriousA11yViolations(a.page);
  await shot(a.page, testInfo, 'ops-staff-sessions');
  // Issue 34: at 375 px the accounts are labelled blocks inside their card; nothing scrolls sideways there.
  const staffTable = a.page.getByRole('table', { name: 'Staff accounts' });
  expect(
    await staffTable.evaluate(
      (t) => (t.parentElement?.scrollWidth ?? 0) - (t.parentElement?.clientWidth ?? 0),
    ),
  ).toBeLessThanOrEqual(0);

  // The audit log, at both sizes (the Geeks story that also opens it runs at one): the admin's actions are in it,
  // 50 rows a page. Staff's notes on a student's task make sure there is an older page.
  await signUpStudent(page, testInfo);
  const taskId = await createPricedTask(page.request, {
    title: 'Audit pages',
    subject: 'History',
    pages: 1,
    hoursAhead: 72,
  });
  const jwt = await operatorToken(page.request);
  for (let i = 1; i <= AUDIT_PAGE_SIZE + 1; i++) {
    const noted = await page.request.post(`/api/v3/ops/orders/${taskId}/notes`, {
      headers: { authorization: `Bearer ${jwt}` },
      data: { body: `Checked the sources, round ${i}` },
    });
    expect(noted.status()).toBe(201);
  }
  await a.page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Audit log' })
    .click();
  await expect(a.page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  const log = a.page.getByRole('grid', { name: 'Audit log' });
  const rows = log.getByRole('rowgroup').nth(1).getByRole('row');
  await expect(rows).toHaveCount(AUDIT_PAGE_SIZE);
  await expect(rows.first()).toContainText(E2E_OPERATOR.email);
  await expectNoSeriousA11yViolations(a.page);
  await shot(a.page, testInfo, 'ops-audit-log');
  // 'Show older entries', from the keyboard: the next page comes in and the focus is on its first row.
  await activate(a.page.getByRole('button', { name: 'Show older entries' }));
  await expect(rows.nth(AUDIT_PAGE_SIZE)).toBeFocused();
  expect(await rows.count()).toBeGreaterThan(AUDIT_PAGE_SIZE);
  await s.context.close();
  await a.context.close();
});

test(
  'Staff add a Geek and edit their profile: each refused field takes the focus with its error; the Geeks and Audit log pages',
  ONE_SIZE,
  async ({ page, browser }, testInfo) => {
    test.setTimeout(120_000);
    // The run's operator (an admin) by its token: no extra staff log-in counts against the per-address limit.
    const context = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      viewport: page.viewportSize(),
    });
    await context.addInitScript(
      (jwt) => localStorage.setItem('geekly.ops.jwt', jwt),
      await operatorToken(page.request),
    );
    const ops = await context.newPage();
    await ops.goto('/ops/geeks');
    await expect(ops.getByRole('heading', { name: 'Geeks', level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(ops);

    // Added empty: the name takes the focus, read with its error; then the major.
    await ops.getByRole('button', { name: 'Add a Geek' }).click();
    const adding = ops.getByRole('dialog', { name: 'Add a Geek' });
    const name = adding.getByLabel('Public name');
    await adding.getByRole('button', { name: 'Add' }).click();
    await expect(name).toBeFocused();
    await expect(name).toHaveAccessibleDescription('Enter the public name');
    await expectNoSeriousA11yViolations(ops);
    await shot(ops, testInfo, 'ops-add-geek-error');
    const geekName = `Grace ${testInfo.project.name} ${Date.now()}`;
    await name.fill(geekName);
    await adding.getByRole('button', { name: 'Add' }).click();
    const major = adding.getByLabel('Major');
    await expect(major).toBeFocused();
    await expect(major).toHaveAccessibleDescription('Enter the major');
    await major.fill('History');
    await adding.getByRole('button', { name: 'Add' }).click();
    await expect(adding).toHaveCount(0);

    // The Geek's menu and the profile editor: an emptied major is refused the same way.
    const row = ops.getByRole('row', { name: new RegExp(geekName) });
    await row.getByRole('button', { name: `Actions for ${geekName}` }).click();
    await expect(ops.getByRole('menu')).toBeVisible();
    await expectNoSeriousA11yViolations(ops);
    await ops.getByRole('menuitem', { name: 'Edit profile' }).click();
    const editing = ops.getByRole('dialog', { name: `Edit ${geekName}` });
    await editing.getByLabel('Major').fill('');
    await editing.getByRole('button', { name: 'Save' }).click();
    await expect(editing.getByLabel('Major')).toBeFocused();
    await expect(editing.getByLabel('Major')).toHaveAccessibleDescription('Enter the major');
    await expectNoSeriousA11yViolations(ops);
    await editing.getByLabel('Major').fill('Medieval history');
    await editing.getByRole('button', { name: 'Save' }).click();
    await expect(editing).toHaveCount(0);
    await expect(row).toContainText('Medieval history');

    // The audit log lists the change, with who made it.
    await ops
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Audit log' })
      .click();
    await expect(ops.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
    await expect(ops.getByRole('row').filter({ hasText: E2E_OPERATOR.email }).first()).toBeVisible();
    await expectNoSeriousA11yViolations(ops);
    await shot(ops, testInfo, 'ops-audit');
    await context.close();
  },
);
