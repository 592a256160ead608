import { readFileSync } from 'node:fs';
import { geekEarningCents } from '@geekly/domain/orders/acceptance.ts';
import { operatorDeliversFinalDraft } from '../support/geek-files.ts';
import { expectNoSidewaysScroll, shot } from '../support/layout.ts';
import { operatorToken } from '../support/operator.ts';
import {
  createPricedTask,
  creditStudent,
  expectNoSeriousA11yViolations,
  payFromBalance,
  signUpStudent,
} from '../support/student.ts';
import { expect, test } from '../support/test.ts';

test.use({ timezoneId: 'UTC' });

const DAY = 86_400_000;
// docs/product/tasks-and-pricing.md's date format, as the task pages show days ('MMMM DD, YYYY'), in the browser's zone (UTC here).
const day = (ms: number) =>
  new Date(ms).toLocaleDateString('en-US', {
    month: 'long',
    day: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** The Geek's earning on the $26.55 task, from the share the ledger uses (85%: $22.56). */
const earned = (geekEarningCents(2655) / 100).toFixed(2);

test("A student sees the refund window, accepts the delivered work, and staff see the Geek's earning and payout report", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  await signUpStudent(page, testInfo);
  await page.goto('/profile');
  // 1 page due in about 100 hours: $26.55, paid in full; the Geek earns their share of it (decision 036).
  const id = await createPricedTask(page.request, {
    title: 'Essay on the Silk Road',
    subject: 'History',
    pages: 1,
    hoursAhead: 100,
  });
  await creditStudent(page.request, 30);
  await payFromBalance(page.request, id, { cents: 2655 });
  const geekName = `Earning Geek ${testInfo.project.name} ${Date.now()}`;
  const draft = { name: 'final-draft.pdf', body: Buffer.from(`%PDF-1.4\n${'g'.repeat(2000)}`) };
  await operatorDeliversFinalDraft(page.request, id, draft, { name: geekName, subject: 'History' });
  const delivered = Date.now();

  // The refund popup says until when a refund can be asked: 60 days after the delivery.
  await page.goto(`/order/${id}`);
  await page.getByRole('button', { name: 'Task menu' }).click();
  await page.getByRole('menuitem', { name: 'Request refund' }).click();
  const popup = page.getByRole('dialog', { name: 'Request a refund' });
  await expect(popup.getByText(`You can request a refund until ${day(delivered + 60 * DAY)}`)).toBeVisible();
  await shot(page, testInfo, 'refund-window');
  await expectNoSeriousA11yViolations(page);
  await expectNoSidewaysScroll(page);
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(new RegExp(`/order/${id}$`));

  // 'Accept the work', with the day it would count as accepted anyway.
  const result = page.getByRole('region', { name: 'Your result' });
  await expect(result.getByText(`counts as accepted on ${day(delivered + 14 * DAY)}`)).toBeVisible();
  await shot(page, testInfo, 'accept-the-work');
  await result.getByRole('button', { name: 'Accept the work' }).click();
  await expect(result.getByText(`You accepted the work on ${day(Date.now())}.`)).toBeVisible();
  await expect(result.getByRole('button', { name: 'Accept the work' })).toHaveCount(0);
  await shot(page, testInfo, 'work-accepted');
  await expectNoSeriousA11yViolations(page);
  await expectNoSidewaysScroll(page);

  // Staff, in their own browser (the e2e staff token, so no extra staff log-in counts against the limit).
  const token = await operatorToken(page.request);
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: page.viewportSize(),
    acceptDownloads: true,
  });
  await context.addInitScript((jwt) => localStorage.setItem('geekly.ops.jwt', jwt), token);
  const ops = await context.newPage();
  await ops.goto('/ops/geeks');
  const row = ops.getByRole('row', { name: new RegExp(geekName) });
  await expect(row.getByRole('gridcell', { name: `$${earned}` })).toBeVisible();
  await row.getByRole('button', { name: `Actions for ${geekName}` }).click();
  await ops.getByRole('menuitem', { name: 'Earnings' }).click();
  const earnings = ops.getByRole('dialog', { name: `Earnings of ${geekName}` });
  await expect(earnings.getByText('Accepted task')).toBeVisible();
  await expect(earnings.getByRole('link', { name: /Essay on the Silk Road/ })).toBeVisible();
  await expectNoSeriousA11yViolations(ops);
  await shot(ops, testInfo, 'ops-geek-earnings');
  await earnings.getByRole('button', { name: 'Close' }).click();

  const today = new Date().toISOString().slice(0, 10);
  await ops.getByRole('textbox', { name: 'From', exact: true }).fill(today);
  await ops.getByRole('textbox', { name: 'To', exact: true }).fill(today);
  await shot(ops, testInfo, 'ops-payout-report');
  const [download] = await Promise.all([
    ops.waitForEvent('download'),
    ops.getByRole('button', { name: 'Download payout report (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`geek-payouts-${today}-${today}.csv`);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe('Geek,Geek id,Accepted tasks,Earnings (USD),Tips (USD),Total (USD)');
  expect(csv).toMatch(
    new RegExp(
      `${geekName},[0-9a-f-]{36},1,${earned.replace('.', '\\.')},0\\.00,${earned.replace('.', '\\.')}`,
    ),
  );
  await expectNoSidewaysScroll(ops);
  await context.close();
});
