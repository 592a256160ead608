import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { operatorDeliversFinalDraft } from '../support/geek-files.ts';
import { createPricedTask, creditStudent, payFromBalance, signUpStudent } from '../support/student.ts';

// Issue 14 item 6: no link of the signed-in screens leads to the 404 page. The story gathers every same-site
// link of each screen (menus opened) and opens each one.

async function deliveredTask(request: APIRequestContext) {
  const id = await createPricedTask(request, {
    title: 'Delivered task',
    subject: 'English',
    pages: 1,
    hoursAhead: 100,
  });
  await creditStudent(request, 40);
  await payFromBalance(request, id, { cents: 4000 });
  const draft = { name: 'final-draft.pdf', body: Buffer.from(`%PDF-1.4\n${'g'.repeat(2000)}`) };
  const geekId = await operatorDeliversFinalDraft(request, id, draft, {
    name: 'Link C.',
    subject: 'English',
  });
  return { id, geekId };
}

const sameSiteLinks = (page: Page) =>
  page
    .locator('a[href]')
    .evaluateAll((as) =>
      as.map((a) => (a as HTMLAnchorElement).href).filter((h) => h.startsWith(window.location.origin)),
    );

/** Every same-site link on the page, and those of each menu, opened one at a time (an open menu covers others). */
async function linksOf(page: Page): Promise<string[]> {
  const hrefs = await sameSiteLinks(page);
  const menus = page.getByRole('button', { name: /Profile menu|Task menu/ });
  for (const menu of await menus.all()) {
    if (!(await menu.isVisible())) continue;
    await menu.click();
    await page.waitForTimeout(100);
    hrefs.push(...(await sameSiteLinks(page)));
    await page.keyboard.press('Escape');
  }
  return hrefs.map((h) => new URL(h).pathname);
}

test('No link of the signed-in screens leads to the 404 page', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  await signUpStudent(page, testInfo);
  const unpaid = await createPricedTask(page.request, {
    title: 'Unpaid task',
    subject: 'English',
    pages: 2,
    hoursAhead: 100,
  });
  const { id, geekId } = await deliveredTask(page.request);
  // Rated, so the list does not open the review prompt over the links.
  await page.request.post(`/api/v3/orders/${id}`, {
    headers: { 'x-requested-with': 'XMLHttpRequest' },
    data: { action: 'client_feedback', mark: 5 },
  });
  const screens = [
    '/orders',
    `/order/${unpaid}`,
    `/neworder/${unpaid}`,
    `/order/${unpaid}/checkout`,
    `/order/${id}`,
    '/my-geeks',
    `/geek/${geekId}`,
    '/create',
    '/balance',
  ];
  const links = new Set<string>();
  for (const screen of screens) {
    await page.goto(screen);
    await expect(page.getByRole('main')).toBeVisible();
    await page.waitForLoadState('networkidle');
    for (const link of await linksOf(page)) links.add(link);
  }
  const dead: string[] = [];
  for (const link of [...links].sort()) {
    await page.goto(link);
    await page.waitForLoadState('networkidle');
    const lost = await page.getByText('Looks like you are lost').count();
    if (lost > 0 || new URL(page.url()).pathname === '/page-not-found') dead.push(link);
  }
  expect(dead).toEqual([]);
});
