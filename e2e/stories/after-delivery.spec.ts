import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { deadlineText, expectDeadline, setDeadline } from '../support/deadline-picker.ts';
import { operatorDeliversFinalDraft } from '../support/geek-files.ts';
import { expectNoSidewaysScroll, ONE_SIZE } from '../support/layout.ts';
import {
  createPricedTask,
  creditStudent,
  expectNoSeriousA11yViolations,
  JSON_CALL,
  payFromBalance,
  signUpStudent,
} from '../support/student.ts';
import { expect, test } from '../support/test.ts';

// SCREENS_DIR: somewhere else than test-results, which each Playwright run empties.
const SCREENS = process.env.SCREENS_DIR ?? join(import.meta.dirname, '..', 'test-results', 'screens');
async function shot(page: Page, testInfo: TestInfo, name: string) {
  mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: join(SCREENS, `${name}-${testInfo.project.name}.png`) });
}

/** A fully paid task of the signed-in student, worked on by a new Geek and delivered with a final draft. */
async function deliveredTask(page: Page, title: string, geekName = 'Marie C.') {
  const id = await createPricedTask(page.request, { title, subject: 'History', pages: 1, hoursAhead: 100 });
  await creditStudent(page.request, 40);
  await payFromBalance(page.request, id, { cents: 4000 });
  const draft = { name: 'final-draft.pdf', body: Buffer.from(`%PDF-1.4\n${'g'.repeat(2000)}`) };
  const geekId = await operatorDeliversFinalDraft(page.request, id, draft, {
    name: geekName,
    subject: 'History',
  });
  return { id, geekId };
}

test('A student is asked for a review on the list and gives 5 stars with the keyboard', async ({
  page,
}, testInfo) => {
  await signUpStudent(page, testInfo);
  // Off the list while staff deliver: an open list updates live and would ask for the review at once.
  await page.goto('/profile');
  const { id } = await deliveredTask(page, 'Essay on the French Revolution');
  // docs/product/statuses-and-state-machine.md: the unrated last task on the list opens its review.
  await page.goto('/orders');
  await expect(page).toHaveURL(new RegExp(`/orders/${id}/rating$`));
  const dialog = page.getByRole('dialog', { name: 'Rate your task' });
  const first = dialog.getByRole('radio', { name: /^1 star/ });
  await first.focus();
  await page.keyboard.press('Space');
  await expect(dialog.getByText("It's horrible", { exact: true })).toBeVisible();
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('radio', { name: /^5 stars/ })).toBeChecked();
  await expect(dialog.getByText("It's great!", { exact: true })).toBeVisible();
  await expect(dialog.getByText('Thank you!')).toBeVisible();
  await shot(page, testInfo, 'rating-positive');
  await expectNoSeriousA11yViolations(page);
  await expectNoSidewaysScroll(page);
  await dialog.getByRole('button', { name: 'Got it!' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  // Rated: the rating address now sends the student away, and the list no longer asks.
  await page.goto(`/order/${id}/rating`);
  await expect(page).toHaveURL(new RegExp(`/order/${id}$`));
  await page.goto('/orders');
  await expect(page.getByRole('link', { name: /Essay on the French Revolution/ })).toBeVisible();
  await expect(page).toHaveURL(/\/orders$/);
});

/** 22:50 UTC (the hour the revision story once failed at) on the day after tomorrow: ahead of the server's clock. */
function lateEveningSoon(): Date {
  const day = new Date(Date.now() + 2 * 86_400_000);
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 22, 50));
}
const HOUR = 3_600_000;
/** docs/product/statuses-and-state-machine.md: the revision's earliest deadline, 24 hours ahead rounded up to the full hour, as the form shows it. */
const earliestRevision = (now: Date) => new Date(Math.ceil((now.getTime() + 24 * HOUR) / HOUR) * HOUR);

test.describe('with the browser clock at 22:50 UTC', () => {
  // The form's times follow the browser's clock; fixing it makes every step the same at any hour CI runs.
  test.use({ timezoneId: 'UTC' });

  test('A 2-star rating needs a reason, then the free revision is requested with a file and a chosen deadline', async ({
    page,
  }, testInfo) => {
    await signUpStudent(page, testInfo);
    const { id } = await deliveredTask(page, 'Report on the Cold War');
    const now = lateEveningSoon();
    await page.clock.install({ time: now });
    await page.goto(`/orders/${id}/rating/2`);
    const dialog = page.getByRole('dialog', { name: 'Rate your task' });
    await expect(dialog.getByRole('radio', { name: /^2 stars/ })).toBeChecked();
    await expect(dialog.getByText('What went wrong')).toBeVisible();
    await dialog.getByRole('button', { name: 'Submit Feedback' }).click();
    await expect(dialog.getByText('Please, choose at least 1 reason')).toBeVisible();
    await dialog.getByRole('checkbox', { name: 'Other' }).check();
    await dialog.getByRole('button', { name: 'Submit Feedback' }).click();
    await expect(dialog.getByText('Please, add some details')).toBeVisible();
    await shot(page, testInfo, 'rating-reasons');
    await dialog.getByLabel('Tell us more').fill('The sources are missing.');
    await dialog.getByRole('button', { name: 'Submit Feedback' }).click();

    const sorry = page.getByRole('dialog', { name: 'Thank you for your feedback' });
    await sorry.getByRole('link', { name: 'Request a free revision' }).click();
    await expect(page).toHaveURL(new RegExp(`/order/${id}/request-revision$`));
    const form = page.getByRole('dialog', { name: 'Request revision' });
    await form.getByRole('button', { name: 'Preview my request' }).click();
    await expect(form.getByText('Please, tell us what has to be changed in your order')).toBeVisible();
    await form.getByLabel('What has to be changed in your task?').fill('Please add three academic sources.');
    await form.getByLabel('Attach files').setInputFiles({
      name: 'teacher-notes.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(`%PDF-1.4\n${'n'.repeat(1500)}`),
    });
    await expect(
      form.getByRole('list', { name: 'Attached files' }).getByText('teacher-notes.pdf'),
    ).toBeVisible();
    // The default is the earliest deadline (23:00 tomorrow); an hour sooner breaks the 24-hour lead and the
    // notice offers the earliest time.
    const earliest = earliestRevision(now);
    await expectDeadline(form, earliest, 'UTC');
    await setDeadline(form, new Date(earliest.getTime() - HOUR), 'UTC');
    await expect(form.getByText('Please give us at least 24 hours to complete your revision.')).toBeVisible();
    await expect(form.getByText(`We can do revision only by ${deadlineText(earliest, 'UTC')}`)).toBeVisible();
    await form.getByRole('button', { name: 'Apply' }).click();
    await expectDeadline(form, earliest, 'UTC');
    await expect(form.getByText('Please give us at least 24 hours to complete your revision.')).toHaveCount(
      0,
    );
    // Two hours later is past midnight: the day moves with the hour.
    const chosen = new Date(earliest.getTime() + 2 * HOUR);
    await setDeadline(form, chosen, 'UTC');
    await expect(form.getByText('Please give us at least 24 hours to complete your revision.')).toHaveCount(
      0,
    );
    await expectNoSeriousA11yViolations(page);
    await shot(page, testInfo, 'revision-form');
    await form.getByRole('button', { name: 'Preview my request' }).click();

    const preview = page.getByRole('dialog', { name: 'Check your revision request' });
    await expect(preview.getByText('Please add three academic sources.')).toBeVisible();
    await expect(preview.getByText('teacher-notes.pdf')).toBeVisible();
    await expect(preview.getByText(deadlineText(chosen, 'UTC'))).toBeVisible();
    await preview.getByRole('button', { name: 'Send request' }).click();
    const thanks = page.getByRole('dialog', { name: 'Thank you!' });
    await thanks.getByRole('button', { name: 'Back to the task' }).click();
    await expect(page).toHaveURL(new RegExp(`/order/${id}$`));
    await expect(page.getByText('You requested revision')).toBeVisible();
    await shot(page, testInfo, 'revision-requested-task');
    const sent = await (await page.request.get(`/api/v3/orders/${id}`, { headers: JSON_CALL })).json();
    expect(sent.revision_deadline).toBe(chosen.toISOString());
    await page.getByRole('link', { name: 'Show my request' }).click();
    await expect(
      page
        .getByRole('dialog', { name: 'Your revision request' })
        .getByText('Please add three academic sources.'),
    ).toBeVisible();
    await expectNoSidewaysScroll(page);
    // No second request while this one is pending: the form sends the student back to the task.
    await page.goto(`/order/${id}/request-revision`);
    await expect(page).toHaveURL(new RegExp(`/order/${id}$`));
  });
});

/**
 * The revision form's 24-hour lead at fixed moments where calendars turn: late evening, a month's and a year's
 * end, and both DST changes (Europe's spring-forward, America's fall-back). Each moment opens the form with the
 * browser's clock and zone set to it and walks the same steps; nothing is sent, so the moments may be anywhere
 * in time. One screen size: the picker's logic does not depend on it (the main story runs at both).
 */
const MOMENTS = [
  { name: 'late evening, end of January', zone: 'UTC', at: '2027-01-31T22:50:00Z' },
  { name: 'a minute before the new year', zone: 'America/New_York', at: '2028-01-01T04:59:00Z' },
  { name: "the night before Europe's clocks go forward", zone: 'Europe/London', at: '2027-03-27T01:30:00Z' },
  { name: "the night before America's clocks go back", zone: 'America/New_York', at: '2027-11-06T05:30:00Z' },
  { name: 'just after midnight, end of February', zone: 'Asia/Tokyo', at: '2027-02-27T15:05:00Z' },
] as const;

test(
  'The revision deadline keeps its 24-hour lead at midnight, month and year ends and DST changes',
  ONE_SIZE,
  async ({ page, browser }, testInfo) => {
    test.setTimeout(120_000);
    await signUpStudent(page, testInfo);
    const { id } = await deliveredTask(page, 'Essay on the calendar');
    const signedIn = await page.context().storageState();
    for (const moment of MOMENTS) {
      await test.step(`${moment.name} (${moment.zone})`, async () => {
        const context = await browser.newContext({
          baseURL: testInfo.project.use.baseURL,
          storageState: signedIn,
          timezoneId: moment.zone,
        });
        const at = await context.newPage();
        const now = new Date(moment.at);
        await at.clock.install({ time: now });
        await at.goto(`/order/${id}/request-revision`);
        const form = at.getByRole('dialog', { name: 'Request revision' });
        const earliest = earliestRevision(now);
        await expectDeadline(form, earliest, moment.zone);
        await expect(
          form.getByText('Please give us at least 24 hours to complete your revision.'),
        ).toHaveCount(0);
        // Two hours sooner: across midnight backwards where the earliest is just after it.
        await setDeadline(form, new Date(earliest.getTime() - 2 * HOUR), moment.zone);
        await expect(
          form.getByText('Please give us at least 24 hours to complete your revision.'),
        ).toBeVisible();
        await expect(
          form.getByText(`We can do revision only by ${deadlineText(earliest, moment.zone)}`),
        ).toBeVisible();
        await form.getByRole('button', { name: 'Apply' }).click();
        await expectDeadline(form, earliest, moment.zone);
        const chosen = new Date(earliest.getTime() + 2 * HOUR);
        await setDeadline(form, chosen, moment.zone);
        await expect(
          form.getByText('Please give us at least 24 hours to complete your revision.'),
        ).toHaveCount(0);
        await form.getByLabel('What has to be changed in your task?').fill('Cite the calendar reform.');
        await form.getByRole('button', { name: 'Preview my request' }).click();
        const preview = at.getByRole('dialog', { name: 'Check your revision request' });
        await expect(preview.getByText(deadlineText(chosen, moment.zone))).toBeVisible();
        await context.close();
      });
    }
  },
);

test('A student favourites a Geek, reads their honest profile, blocks them and finds them again', async ({
  page,
}, testInfo) => {
  // A delivery, three pages and three axe runs: more than the default minute on a busy machine.
  test.setTimeout(120_000);
  await signUpStudent(page, testInfo);
  const { id, geekId } = await deliveredTask(page, 'Essay on Rome', 'Ibn B.');
  // Rated 4 through the API: the profile's rating is that one real mark.
  const rated = await page.request.post(`/api/v3/orders/${id}`, {
    headers: JSON_CALL,
    data: { action: 'client_feedback', mark: 4 },
  });
  expect(rated.status()).toBe(200);
  await page.goto('/my-geeks');
  await expect(page.getByRole('heading', { name: 'My Geeks', level: 1 })).toBeVisible();
  const card = page.getByRole('article', { name: 'Ibn B.' });
  await expect(card.getByText('★ 4.0')).toBeVisible();
  await expect(card.getByText('1 task', { exact: true })).toBeVisible();
  // The Geek delivered just now: online, said in words beside the dot (issue 26 item 8).
  await expect(card.getByTestId('geek-online')).toHaveText('Online');
  const fave = card.getByRole('button', { name: 'Favourite' });
  await fave.click();
  await expect(fave).toHaveAttribute('aria-pressed', 'true');
  await shot(page, testInfo, 'my-geeks');
  await expectNoSeriousA11yViolations(page);
  await expectNoSidewaysScroll(page);

  await card.getByRole('link', { name: 'Ibn B.' }).click();
  await expect(page).toHaveURL(new RegExp(`/geek/${geekId}$`));
  await expect(page.getByRole('heading', { name: 'Ibn B.', level: 1 })).toBeVisible();
  await expect(page.getByText('New on Geekly')).toBeVisible();
  await expect(page.getByTestId('geek-online')).toHaveText('Online');
  await shot(page, testInfo, 'geek-profile-online');
  await expect(page.getByRole('button', { name: 'Favourite' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Block' }).click();
  await expect(page.getByRole('button', { name: 'Unblock' })).toBeVisible();
  await page.getByRole('link', { name: '← My Geeks' }).click();
  await expect(page.getByText('No Geeks yet')).toBeVisible();

  // Issue 26 item 3: the blocked Geek is listed below, the way back to 'Unblock'.
  const blocked = page.getByRole('region', { name: 'Blocked Geeks' });
  const blockedCard = blocked.getByRole('article', { name: 'Ibn B.' });
  await expect(blockedCard.getByRole('button', { name: 'Unblock' })).toBeVisible();
  await shot(page, testInfo, 'blocked-geeks');
  await expectNoSeriousA11yViolations(page);
  await expectNoSidewaysScroll(page);
  await blockedCard.getByRole('button', { name: 'Unblock' }).click();
  await expect(blocked).toHaveCount(0);
  await expect(
    page.getByRole('article', { name: 'Ibn B.' }).getByRole('button', { name: 'Block' }),
  ).toBeVisible();
  await expect(page.getByText('No Geeks yet')).toHaveCount(0);

  // 'Add new task' from the Geeks page, and /create's close link back to it.
  await page.getByRole('main').getByRole('link', { name: 'Add new task' }).click();
  await expect(page).toHaveURL(/\/create$/);
  await page.getByRole('link', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/my-geeks$/);
});

test('Filters narrow a list of 60 tasks on the server, with paging', async ({ page }, testInfo) => {
  await signUpStudent(page, testInfo);
  for (let i = 1; i <= 58; i++) {
    const res = await page.request.post('/api/v3/orders', {
      headers: JSON_CALL,
      data: { title: `Reading notes ${i}`, subject: 'English' },
    });
    expect(res.status()).toBe(201);
  }
  const deposit = await createPricedTask(page.request, {
    title: 'Deposit task',
    subject: 'History',
    pages: 1,
    hoursAhead: 100,
  });
  const full = await createPricedTask(page.request, {
    title: 'Fully paid task',
    subject: 'History',
    pages: 1,
    hoursAhead: 100,
  });
  await creditStudent(page.request, 60);
  const partial = await page.request.post(`/api/v3/orders/${deposit}/pay`, {
    headers: JSON_CALL,
    data: { account_balance_use: 6000, partial: true },
  });
  expect(partial.status()).toBe(200);
  await payFromBalance(page.request, full, { cents: 6000 });

  await page.goto('/orders');
  await expect(page.getByText('Showing 50 of 60 tasks')).toBeVisible();
  await page.getByRole('button', { name: 'Show more tasks' }).click();
  await expect(page.getByText('Showing 60 of 60 tasks')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show more tasks' })).toHaveCount(0);

  const filters = page.getByRole('search', { name: 'Filters' });
  await filters.getByText('30% paid', { exact: true }).click();
  await expect(page.getByText('Showing 1 of 1 task')).toBeVisible();
  await expect(page.getByRole('link', { name: /Deposit task/ })).toBeVisible();
  await filters.getByText('Full paid', { exact: true }).click();
  await expect(page.getByRole('link', { name: /Fully paid task/ })).toBeVisible();
  await filters.getByRole('group', { name: 'Payment type' }).getByText('Unpaid').click();
  await expect(page.getByText('Showing 50 of 58 tasks')).toBeVisible();
  await shot(page, testInfo, 'orders-filtered');
  await expectNoSeriousA11yViolations(page);
  await filters.getByRole('button', { name: 'Reset filters' }).click();
  // The unfiltered pages already loaded come back as they were.
  await expect(page.getByText('Showing 60 of 60 tasks')).toBeVisible();
  // A filter with nothing to show resets once by itself (docs/product/tasks-and-pricing.md)...
  await filters.getByRole('combobox').selectOption('refund');
  await expect(page.getByText('Showing 60 of 60 tasks')).toBeVisible();
  await expect(filters.getByRole('combobox')).toHaveValue('all');
  // ...and only once: the second time the empty result stays.
  await filters.getByRole('combobox').selectOption('refund');
  await expect(page.getByText("Looks like you don't have any tasks.")).toBeVisible();
  await page.getByRole('button', { name: 'Reset filters' }).click();
  await expect(page.getByText('Showing 60 of 60 tasks')).toBeVisible();
});

test('Next to the deadline, the task page shows what a later deadline saves; phones keep the price in view', async ({
  page,
}, testInfo) => {
  await signUpStudent(page, testInfo);
  const id = await createPricedTask(page.request, {
    title: 'Urgent lab report',
    subject: 'History',
    pages: 1,
    hoursAhead: 20,
  });
  await page.goto(`/order/${id}`);
  // 20 h ahead costs $41.15 a page; +1 day falls in the 24–48 h band ($35.45), +2 days in 48–96 h ($31.15).
  await expect(page.getByText('+1 day: $5.70 less')).toBeVisible();
  await expect(page.getByText('+2 days: $10.00 less')).toBeVisible();
  if (testInfo.project.name === 'mobile') {
    const bar = page.getByRole('button', { name: 'Pay for the task' });
    await expect(bar).toBeInViewport();
    await shot(page, testInfo, 'task-pay-bar');
    await bar.click();
    await expect(page.getByTestId('task-quote')).toBeInViewport();
  }
  await expectNoSidewaysScroll(page);
});
