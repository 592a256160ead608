import { expectNoSidewaysScroll, ONE_SIZE } from '../support/layout.ts';
import {
  createPricedTask,
  creditStudent,
  E2E_OPERATOR,
  expectNoSeriousA11yViolations,
  JSON_CALL,
  STUDENT_PASSWORD,
  signUpStudent,
} from '../support/student.ts';
import { expect, test } from '../support/test.ts';

// Decision 058: Download my data and Delete my account, on the profile.
test.describe.configure({ timeout: 120_000 });

test('Download my data gives a zip with account.json', async ({ page }, testInfo) => {
  await signUpStudent(page, testInfo);
  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'Your data' });
  await expect(card).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
  await card.screenshot({ path: `screenshots/profile-your-data-${testInfo.project.name}.png` });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('link', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^geekly-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk));
  const zip = Buffer.concat(chunks);
  expect(zip.subarray(0, 2).toString()).toBe('PK');
  expect(zip.includes(Buffer.from('account.json'))).toBe(true);
});

test('Delete my account tells what happens to the balance, asks the password, and ends the session', async ({
  page,
}, testInfo) => {
  const email = await signUpStudent(page, testInfo);
  await creditStudent(page.request, 20);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog.getByText('Your balance of $20.00 is forfeited')).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please, enter your password');
  await dialog.getByLabel('Your password').fill('not my password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Incorrect password');
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `screenshots/profile-delete-account-${testInfo.project.name}.png` });

  await dialog.getByLabel('Your password').fill(STUDENT_PASSWORD);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get('/api/v3/users/client/me')).status()).toBe(401);
  // The e-mail is free: it signs up again as a new account.
  const again = await page.request.post('/api/v3/users/client/new', {
    headers: JSON_CALL,
    data: { email, password: STUDENT_PASSWORD },
  });
  expect(again.status()).toBe(201);
});

test(
  "Staff download a client's data and an admin erases it from the task page",
  ONE_SIZE,
  async ({ page, browser }, testInfo) => {
    const email = await signUpStudent(page, testInfo);
    const id = await createPricedTask(page.request, {
      title: 'Data request task',
      subject: 'English',
      pages: 1,
      hoursAhead: 100,
    });
    const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const ops = await context.newPage();
    await ops.goto('/ops');
    await ops.getByLabel('E-mail').fill(E2E_OPERATOR.email);
    await ops.getByLabel('Password').fill(E2E_OPERATOR.password);
    await ops.getByRole('button', { name: 'Log in' }).click();
    await expect(ops.getByRole('heading', { name: 'Queue' })).toBeVisible();
    await ops.goto(`/ops/orders/${id}`);
    const client = ops.getByRole('region', { name: 'Client' });
    await expect(client).toContainText(email);
    const [download] = await Promise.all([
      ops.waitForEvent('download'),
      client.getByRole('button', { name: "Download the client's data" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^client-.*-data\.zip$/);

    await client.getByRole('button', { name: "Erase the client's data" }).click();
    const dialog = ops.getByRole('dialog', { name: "Erase the client's data" });
    await dialog.getByLabel('Reason (the request)').fill('Asked by e-mail, ticket 7');
    await expectNoSeriousA11yViolations(ops);
    await ops.screenshot({ path: `screenshots/ops-erase-client-${testInfo.project.name}.png` });
    await dialog.getByRole('button', { name: 'Erase' }).click();
    await expect(client.getByRole('status')).toHaveText("The client's personal data is erased.");
    expect((await page.request.get('/api/v3/users/client/me')).status()).toBe(401);
    await context.close();
  },
);
