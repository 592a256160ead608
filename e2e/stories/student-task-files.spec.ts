import { operatorDeliversFinalDraft } from '../support/geek-files.ts';
import {
  createPricedTask,
  creditStudent,
  expectNoSeriousA11yViolations,
  JSON_CALL,
  payFromBalance,
  signUpStudent,
} from '../support/student.ts';
import { expect, test } from '../support/test.ts';

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n${text}\n`.padEnd(40_000, '.'));

test('A student attaches task files, then downloads the Geek’s final draft and the zip after paying in full', async ({
  page,
}, testInfo) => {
  await signUpStudent(page, testInfo);
  // 1 page due in about 100 hours: $26.55 (docs/product/tasks-and-pricing.md).
  const id = await createPricedTask(page.request, {
    title: 'Lab report',
    subject: 'English',
    pages: 1,
    hoursAhead: 100,
  });

  // The task page's 'Task files' link opens the upload page.
  await page.goto(`/order/${id}`);
  await page.getByRole('link', { name: 'Task files' }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${id}/upload$`));
  await expect(page.getByRole('heading', { name: 'Task files' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the task' })).toHaveAttribute('href', `/order/${id}`);

  // Files go straight to storage, each with its progress bar, at most 3 at a time, and show as loaded.
  let inFlight = 0;
  let mostInFlight = 0;
  await page.route('**/storage/upload', async (route) => {
    mostInFlight = Math.max(mostInFlight, ++inFlight);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
    inFlight--;
  });
  const attach = page.getByLabel('Attach file or photo');
  await attach.setInputFiles(
    ['instructions', 'rubric', 'notes', 'sources'].map((n) => ({
      name: `${n}.pdf`,
      mimeType: 'application/pdf',
      buffer: pdf(n),
    })),
  );
  const files = page.getByRole('list', { name: 'Task files' });
  await expect(files.getByRole('progressbar', { name: 'notes.pdf uploading' })).toBeVisible();
  await expect(files.getByText('Loaded')).toHaveCount(4);
  expect(mostInFlight).toBe(3);
  await page.unroute('**/storage/upload');

  // A failing upload is tried 3 times with back-off, then shows 'Reload file', which tries again.
  let tries = 0;
  await page.route('**/storage/upload', (route) => {
    tries++;
    return route.abort();
  });
  await attach.setInputFiles([{ name: 'draft.pdf', mimeType: 'application/pdf', buffer: pdf('draft') }]);
  await expect(files.getByText('Upload failed')).toBeVisible();
  expect(tries).toBe(3);
  await page.unroute('**/storage/upload');
  await files.getByRole('button', { name: 'Reload file' }).click();
  await expect(files.getByText('Loaded')).toHaveCount(5);

  // A refused type never leaves the browser.
  await attach.setInputFiles([
    { name: 'tool.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') },
  ]);
  await expect(files.getByRole('alert')).toContainText('This type of file cannot be attached');
  await files.getByRole('button', { name: 'Remove tool.exe' }).click();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('task-files.png'), fullPage: true });

  // Removed files are gone after a reload too.
  for (const name of ['rubric.pdf', 'notes.pdf', 'sources.pdf', 'draft.pdf'])
    await files.getByRole('button', { name: `Remove ${name}` }).click();
  await expect(files.getByRole('listitem')).toHaveCount(1);
  await page.reload();
  await expect(page.getByRole('list', { name: 'Task files' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByText('instructions.pdf')).toBeVisible();

  // The 30% deposit, then the Geek delivers a final draft.
  await creditStudent(page.request, 30);
  const task = await (await page.request.get(`/api/v3/orders/${id}`)).json();
  const depositCents = Math.round(task.partial_price * 100);
  const deposit = await page.request.post(`/api/v3/orders/${id}/pay`, {
    headers: JSON_CALL,
    data: { account_balance_use: depositCents, partial: true },
  });
  expect(deposit.status()).toBe(200);
  await operatorDeliversFinalDraft(page.request, id, { name: 'final-draft.pdf', body: pdf('final draft') });

  // The locked task page counts the Geek's files and links to them; they wait for full payment.
  await page.goto(`/order/${id}`);
  await page.getByRole('link', { name: 'Files from Geek: 1' }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${id}/geek-files$`));
  await expect(page.getByRole('heading', { name: 'Files from a Geek' })).toBeVisible();
  const geekFiles = page.getByRole('list', { name: 'Files from a Geek' });
  await expect(geekFiles.getByText('You can unlock file after full payment')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download final-draft.pdf' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('geek-files-locked.png'), fullPage: true });

  // Paid in full: the draft downloads, and the first download opens the rating screen (docs/product/files.md).
  await payFromBalance(page.request, id, { cents: Math.round(task.price * 100) - depositCents });
  await page.reload();
  await expect(page.getByText('The task is fully paid: your files are ready to download.')).toBeVisible();
  const draft = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download final-draft.pdf' }).click();
  expect((await draft).suggestedFilename()).toBe('final-draft.pdf');
  await expect(page).toHaveURL(new RegExp(`/order/${id}/rating$`));

  await page.goto(`/order/${id}/geek-files`);
  await expect(page.getByRole('list', { name: 'Files from a Geek' }).getByText('Downloaded')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('geek-files-paid.png'), fullPage: true });
  const zip = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download all files' }).click();
  const archive = await zip;
  expect(archive.suggestedFilename()).toMatch(/^Task \d+ files\.zip$/);
  const bytes = await (await import('node:fs/promises')).readFile((await archive.path()) ?? '');
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
  expect(bytes.includes(Buffer.from('final-draft.pdf'))).toBe(true);
  expect(bytes.includes(Buffer.from('instructions.pdf'))).toBe(true);
});

test('An upload whose progress stops for 40 s is aborted and tried again, and after the third stall offers Reload file', async ({
  page,
}, testInfo) => {
  await page.clock.install();
  await signUpStudent(page, testInfo);
  const id = await createPricedTask(page.request, {
    title: 'Stalled upload',
    subject: 'English',
    pages: 1,
    hoursAhead: 100,
  });
  await page.goto(`/order/${id}/upload`);
  await expect(page.getByRole('heading', { name: 'Task files' })).toBeVisible();

  // Storage takes the file and then never answers: no progress after the body is sent.
  let tries = 0;
  let aborted = 0;
  await page.route('**/storage/upload', () => {
    tries++; // left hanging
  });
  page.on('requestfailed', (request) => {
    if (request.url().endsWith('/storage/upload')) aborted++;
  });
  await page
    .getByLabel('Attach file or photo')
    .setInputFiles([{ name: 'slow.pdf', mimeType: 'application/pdf', buffer: pdf('slow') }]);
  const files = page.getByRole('list', { name: 'Task files' });
  const uploading = files.getByRole('progressbar', { name: 'slow.pdf uploading' });
  await expect(uploading).toBeVisible();
  await expect.poll(() => tries).toBe(1);
  // 39 s without progress is still an upload under way…
  await page.clock.runFor(39_000);
  await page.waitForTimeout(500); // real time, for an abort to show
  expect(aborted).toBe(0);
  await expect(uploading).toBeVisible();
  // …40 s is a stall: aborted, and tried again after the back-off (1 s, then 2 s).
  await page.clock.runFor(2_000);
  await expect.poll(() => aborted).toBe(1);
  await page.clock.runFor(1_000);
  await expect.poll(() => tries).toBe(2);
  await page.clock.runFor(40_000);
  await expect.poll(() => aborted).toBe(2);
  await page.clock.runFor(2_000);
  await expect.poll(() => tries).toBe(3);
  await page.clock.runFor(40_000);
  await expect.poll(() => aborted).toBe(3);
  await expect(files.getByText('Upload failed')).toBeVisible();
  await expect(files.getByRole('button', { name: 'Reload file' })).toBeVisible();
  expect(tries).toBe(3);
  await page.screenshot({ path: testInfo.outputPath('stalled-upload.png'), fullPage: true });
});
