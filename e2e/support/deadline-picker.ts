import { formatDeadlineDate, formatDeadlineTime } from '@geekly/domain/orders/deadline.ts';
import { expect, type Locator } from '@playwright/test';

/** 'February 01, 2027 at 11:00 PM', as the revision notice and preview write a deadline. */
export const deadlineText = (at: Date, zone: string) =>
  `${formatDeadlineDate(at, zone)} at ${formatDeadlineTime(at, zone)}`;

/** The wall-clock hour of `at` in `zone`. */
function hourIn(at: Date, zone: string): number {
  const hour = new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', hourCycle: 'h23' })
    .formatToParts(at)
    .find((p) => p.type === 'hour')?.value;
  return Number(hour);
}

/** Opens the date picker inside `scope` and picks the day of `day` (in `zone`), moving between months. */
export async function pickDate(scope: Locator, day: Date, zone: string) {
  const page = scope.page();
  await scope.getByRole('button', { name: /^Date / }).click();
  const calendar = page.getByRole('dialog', { name: 'Choose a date' });
  await expect(calendar).toBeVisible();
  const name = day.toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: zone,
  });
  const target = calendar.getByRole('button', { name, exact: true });
  const [month, year] = day
    .toLocaleDateString('en-US', { month: 'numeric', year: 'numeric', timeZone: zone })
    .split('/');
  const wanted = Number(year) * 12 + Number(month) - 1;
  for (let i = 0; i < 13 && !(await target.isVisible()); i++) {
    const shown = new Date(`1 ${await calendar.getByText(/^[A-Z][a-z]+ \d{4}$/).textContent()}`);
    const at = shown.getFullYear() * 12 + shown.getMonth();
    await calendar.getByRole('button', { name: at < wanted ? 'Next month' : 'Previous month' }).click();
  }
  await target.click();
  await expect(calendar).toBeHidden();
  await expect(scope.getByRole('button', { name: /^Date / })).toContainText(formatDeadlineDate(day, zone));
}

/**
 * Sets the picker inside `scope` to the full hour `at` (in `zone`) through its controls, as a student would: the
 * day first when it differs (the hour stays), then the hour. Works across midnight, month ends and DST changes.
 */
export async function setDeadline(scope: Locator, at: Date, zone: string) {
  const dateButton = scope.getByRole('button', { name: /^Date / });
  if (!(await dateButton.textContent())?.includes(formatDeadlineDate(at, zone)))
    await pickDate(scope, at, zone);
  await scope.getByLabel('Time').selectOption(String(hourIn(at, zone)));
  await expectDeadline(scope, at, zone);
}

/** The picker inside `scope` shows `at`'s day and hour. */
export async function expectDeadline(scope: Locator, at: Date, zone: string) {
  await expect(scope.getByRole('button', { name: /^Date / })).toContainText(formatDeadlineDate(at, zone));
  await expect(scope.getByLabel('Time').locator('option:checked')).toHaveText(formatDeadlineTime(at, zone));
}
