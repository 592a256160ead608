import {
  approvedGeek,
  GEEK_PASSWORD,
  logInGeek,
  secondPerson,
  staffBrowser,
  uniqueGeekEmail,
} from '../support/geek.ts';
import { ONE_SIZE, shot } from '../support/layout.ts';
import { operatorTransition } from '../support/operator.ts';
import { createPricedTask, creditStudent, JSON_CALL, signUpStudent } from '../support/student.ts';
import { expect, test } from '../support/test.ts';

// Issue 36: the back office's queue is read a page of 25 at a time and a Geek's tasks a page of 50
// (docs/decisions/056-scale-by-design.md); 'Show more' in the back office and 'Show more tasks' in the workspace
// bring the next page. 51 tasks waiting for a Geek fill two pages of the 'Geek to assign' group and start a third;
// then one Geek takes all 51.
const TASKS = 51;

test(
  "Past a page of tasks, the back office's queue group and a Geek's tasks bring the rest with 'Show more'",
  ONE_SIZE,
  async ({ page, browser }, testInfo) => {
    test.setTimeout(180_000);
    await signUpStudent(page, testInfo);
    await creditStudent(page.request, 500);
    const stamp = `${testInfo.project.name} ${Date.now()}`;
    const titleOf = (i: number) => `Field notes ${String(i).padStart(2, '0')} ${stamp}`;
    // Deadlines an hour apart and past the other stories' tasks: the first is the soonest, the last the latest.
    const addTask = async (i: number) => {
      const id = await createPricedTask(page.request, {
        title: titleOf(i),
        subject: 'Geography',
        pages: 1,
        hoursAhead: 400 + i,
      });
      const paid = await page.request.post(`/api/v3/orders/${id}/pay`, {
        headers: JSON_CALL,
        data: { account_balance_use: 5000, partial: true },
      });
      expect(paid.status()).toBe(200);
      await operatorTransition(page.request, id, 'accept_instructions');
      return id;
    };
    // A few at a time: the story waits for the server, not for one request after another.
    const ids: string[] = [];
    for (let first = 1; first <= TASKS; first += 6) {
      const batch = Array.from({ length: Math.min(6, TASKS - first + 1) }, (_, k) => first + k);
      ids.push(...(await Promise.all(batch.map(addTask))));
    }

    // The back office: the group's first page ends before the latest of the 51; 'Show more', page after page,
    // brings it (other stories' tasks may wait in the same group).
    const staff = await staffBrowser(browser, page, testInfo);
    const ops = staff.page;
    await ops.goto('/ops');
    await ops.getByRole('radio', { name: /^Geek to assign \(\d+\)$/ }).click();
    const rows = ops.getByRole('row');
    await expect(rows.nth(1)).toBeVisible();
    const latest = ops.getByRole('row').filter({ hasText: titleOf(TASKS) });
    await expect(latest).toHaveCount(0);
    const more = ops.getByRole('button', { name: 'Show more' });
    await more.scrollIntoViewIfNeeded();
    await shot(ops, testInfo, 'ops-queue-show-more');
    for (let pages = 1; (await latest.count()) === 0; pages++) {
      expect(pages).toBeLessThan(10);
      const shown = await rows.count();
      await more.click();
      await expect.poll(() => rows.count()).toBeGreaterThan(shown);
    }
    await expect(latest).toBeVisible();
    await expect(ops.getByRole('row').filter({ hasText: titleOf(1) })).toBeVisible();
    await staff.context.close();

    // One Geek takes all 51. My tasks shows the 50 latest deadlines first; 'Show more tasks' the soonest one.
    const email = uniqueGeekEmail(testInfo);
    await approvedGeek(page.request, { name: 'Alexander Humboldt', email, subjects: ['Geography'] });
    const session = await page.request.post('/api/v3/workspace/session', {
      data: { email, password: GEEK_PASSWORD },
    });
    expect(session.status()).toBe(200);
    const bearer = { authorization: `Bearer ${(await session.json()).jwt}` };
    for (let first = 0; first < ids.length; first += 6) {
      const takes = ids
        .slice(first, first + 6)
        .map((id) => page.request.post(`/api/v3/workspace/offers/${id}/take`, { headers: bearer }));
      for (const taken of await Promise.all(takes)) expect(taken.status()).toBe(200);
    }
    const geek = await secondPerson(browser, page, testInfo);
    const g = geek.page;
    await logInGeek(g, email);
    await expect(g.getByRole('heading', { level: 1, name: 'Offers' })).toBeVisible();
    await g.goto('/workspace/tasks');
    const taken = g.getByRole('heading', { level: 2, name: /\(\d+\)$/ });
    await expect(taken).toHaveText(/\(50\)$/);
    await expect(g.getByRole('link', { name: new RegExp(titleOf(TASKS)) })).toBeVisible();
    await expect(g.getByRole('link', { name: new RegExp(titleOf(1)) })).toHaveCount(0);
    const moreTasks = g.getByRole('button', { name: 'Show more tasks' });
    await moreTasks.scrollIntoViewIfNeeded();
    await shot(g, testInfo, 'workspace-show-more-tasks');
    await moreTasks.click();
    await expect(taken).toHaveText(/\(51\)$/);
    await expect(g.getByRole('link', { name: new RegExp(titleOf(1)) })).toBeVisible();
    await expect(moreTasks).toHaveCount(0);
    await geek.context.close();
  },
);
