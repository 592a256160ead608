import type { APIRequestContext, Page } from '@playwright/test';
import { operatorDeliversFinalDraft } from '../support/geek-files.ts';
import { ONE_SIZE, PHONE } from '../support/layout.ts';
import {
  createPricedTask,
  creditStudent,
  payFromBalance,
  sentMail,
  signUpStudent,
} from '../support/student.ts';
import { expect, test } from '../support/test.ts';

// Issue 14 item 6: no link of the signed-in screens leads to the 404 page. The story gathers every same-site
// link of each screen at both sizes (menus opened: the header's profile menu, the task menu, the phone's 'My
// profile' tab), every link of the mails the student was sent, and the spec's redirect targets (issue 26 item 9),
// and opens each one once: one size (decision 034), the phone's screens are read in a second page.

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

// A download link (Download my data) saves a file instead of opening a page: it is checked by its own story.
const sameSiteLinks = (page: Page) =>
  page
    .locator('a[href]:not([download])')
    .evaluateAll((as) =>
      as.map((a) => (a as HTMLAnchorElement).href).filter((h) => h.startsWith(window.location.origin)),
    );

/** Every same-site link on the page, and those of each menu, opened one at a time (an open menu covers others). */
async function linksOf(page: Page): Promise<string[]> {
  const hrefs = await sameSiteLinks(page);
  const menus = page.getByRole('button', { name: /^(Profile menu|Task menu|My profile)$/ });
  for (const menu of await menus.all()) {
    if (!(await menu.isVisible())) continue;
    await menu.click();
    await page.waitForTimeout(100);
    hrefs.push(...(await sameSiteLinks(page)));
    await page.keyboard.press('Escape');
  }
  return hrefs.map((h) => new URL(h).pathname);
}

test(
  'No link of the signed-in screens leads to the 404 page',
  ONE_SIZE,
  async ({ page, browser }, testInfo) => {
    test.setTimeout(240_000);
    const email = await signUpStudent(page, testInfo);
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
      '/profile',
      '/referral',
      '/subscription',
    ];
    const links = new Set<string>();
    // The same student on a phone: its layout has menus of its own.
    const phone = await browser.newContext({
      ...PHONE,
      baseURL: testInfo.project.use.baseURL,
      storageState: await page.context().storageState(),
    });
    for (const screenPage of [page, await phone.newPage()]) {
      for (const screen of screens) {
        await screenPage.goto(screen);
        await expect(screenPage.getByRole('main')).toBeVisible();
        await screenPage.waitForLoadState('networkidle');
        for (const link of await linksOf(screenPage)) links.add(link);
      }
    }
    await phone.close();
    // The menus hold every page the student owns (issue 26 item 3).
    for (const owned of ['/balance', '/my-geeks', '/referral', '/subscription', '/profile']) {
      expect([...links]).toContain(owned);
    }
    // The links of every mail this student was sent (welcome, receipts, status mails), as a mail reader opens them.
    const mailLinks = mailHrefs(email);
    expect(mailLinks.length).toBeGreaterThanOrEqual(3);
    for (const href of mailLinks) links.add(href);

    const dead: string[] = [];
    for (const link of [...links].sort()) {
      await page.goto(link);
      await page.waitForLoadState('networkidle');
      const lost = await page.getByText('Looks like you are lost').count();
      if (lost > 0 || new URL(page.url()).pathname === '/page-not-found') dead.push(link);
    }
    expect(dead).toEqual([]);

    // docs/product/public-site.md's redirect targets lead where the spec says, or to the nearest real page (issue 26 item 9).
    const leads: [string, RegExp][] = [
      [`/orders/${id}`, new RegExp(`/order/${id}$`)],
      ['/orders/00000000-0000-4000-8000-000000000000', /\/orders$/],
      ['/orders/orderemail', /\/orders$/],
      [`/r/some-key/orders/#${id}`, new RegExp(`/order/${id}$`)],
      ['/r/some-key/my-courses', /\/orders$/],
      ['/r/some-key/subscription', /\/subscription$/],
    ];
    for (const [from, to] of leads) {
      await page.goto(from);
      await expect(page, from).toHaveURL(to);
      await expect(page.getByText('Looks like you are lost')).toHaveCount(0);
    }
  },
);

/** The same-site links of the mails sent to `email` (path, query and hash, as a click opens them). */
function mailHrefs(email: string): string[] {
  const hrefs: string[] = [];
  for (const mail of sentMail()) {
    if (!new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'mi').test(mail)) continue;
    for (const [, href] of mail.matchAll(/href="([^"]+)"/g)) {
      const url = new URL((href ?? '').replace(/&amp;/g, '&'));
      if (url.hostname === 'localhost') hrefs.push(`${url.pathname}${url.search}${url.hash}`);
    }
  }
  return hrefs;
}
