import { expectNoSidewaysScroll, openPage } from '../support/layout.ts';
import { expectNoSeriousA11yViolations, signUpStudent } from '../support/student.ts';
import { expect, test } from '../support/test.ts';

const NOT_REAL = 'Staging site: payments here are not real. No card is charged and nothing is paid for.';

test('A staging site (the sandbox allowed in production mode) says on every page that payments are not real', async ({
  page,
}, testInfo) => {
  // Decision 031: the API's health answer tells the web app (the same build runs everywhere). This run's server
  // is the demo, so its answer is replaced by a staging site's.
  await page.route('**/api/v3/health', (route) => route.fulfill({ json: { status: 'ok', staging: true } }));
  const banner = page.getByRole('note').filter({ hasText: NOT_REAL });

  // A public page, prerendered,
  await openPage(page, '/');
  await expect(banner).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await expectNoSidewaysScroll(page);
  // the client area,
  await signUpStudent(page, testInfo);
  await openPage(page, '/orders');
  await expect(banner).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await expectNoSidewaysScroll(page);
  // and the back office.
  await openPage(page, '/ops');
  await expect(banner).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The demo itself (staging: false) shows none.
  await page.unroute('**/api/v3/health');
  const health = page.waitForResponse('**/api/v3/health');
  await openPage(page, '/orders');
  expect(await (await health).json()).toMatchObject({ status: 'ok', staging: false });
  await expect(page.getByText(NOT_REAL)).toHaveCount(0);
});
