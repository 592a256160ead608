import type { Page } from '@playwright/test';
import { ONE_SIZE, openPage } from '../support/layout.ts';
import { expectNoSeriousA11yViolations } from '../support/student.ts';
import { expect, test } from '../support/test.ts';

// GET /geo answers from the client's address, which is local in these stories: the country is set here
// (the API's own test covers the lookup).
const visitFrom = (page: Page, country: string | null) =>
  page.route('**/api/v3/geo', (route) => route.fulfill({ json: { country_code: country } }));

const storedConsent = (page: Page) =>
  page.evaluate(
    () => JSON.parse(localStorage.getItem('consentMode') ?? 'null') as Record<string, string> | null,
  );

const dataLayer = (page: Page) => page.evaluate(() => (window as { dataLayer?: unknown[] }).dataLayer ?? []);

test('A visitor from Germany accepts cookies; the choice is stored and the banner does not come back', async ({
  page,
}) => {
  await visitFrom(page, 'DE');
  await openPage(page, '/terms-of-service');
  const banner = page.getByRole('region', { name: 'We value your privacy' });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('button')).toHaveText(['Preferences', 'Decline', 'Accept']);
  await expectNoSeriousA11yViolations(page);

  await banner.getByRole('button', { name: 'Accept' }).click();
  await expect(banner).toBeHidden();
  expect(await storedConsent(page)).toEqual({
    ad_storage: 'granted',
    ad_user_data: 'granted',
    security_storage: 'granted',
    ad_personalization: 'granted',
    analytics_storage: 'granted',
    functionality_storage: 'granted',
    personalization_storage: 'granted',
  });
  expect(await dataLayer(page)).toContainEqual(['consent', 'update', await storedConsent(page)]);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(banner).toBeHidden();
});

test(
  'A visitor from France declines: only the essentials are granted and no event is recorded',
  ONE_SIZE,
  async ({ page }) => {
    await visitFrom(page, 'FR');
    await openPage(page, '/join-our-team');
    const banner = page.getByRole('region', { name: 'We value your privacy' });
    await banner.getByRole('button', { name: 'Decline' }).click();
    await expect(banner).toBeHidden();
    const consent = await storedConsent(page);
    expect(consent?.security_storage).toBe('granted');
    expect(consent?.analytics_storage).toBe('denied');
    expect(consent?.ad_personalization).toBe('denied');
    expect(consent?.functionality_storage).toBe('denied');
    const layer = await dataLayer(page);
    expect(layer[0]).toEqual([
      'consent',
      'default',
      expect.objectContaining({ analytics_storage: 'denied' }),
    ]);
    expect(layer.some((e) => typeof e === 'object' && e !== null && 'event' in e)).toBe(false);
  },
);

test('A visitor picks categories in the preferences view', async ({ page }) => {
  await visitFrom(page, 'NO');
  await openPage(page, '/privacy-policy');
  const banner = page.getByRole('region', { name: 'We value your privacy' });
  await banner.getByRole('button', { name: 'Preferences' }).click();
  const essentials = banner.getByRole('checkbox', { name: /Essentials/ });
  await expect(essentials).toBeChecked();
  await expect(essentials).toBeDisabled();
  for (const name of [/Marketing/, /Performance/, /Functional/]) {
    await expect(banner.getByRole('checkbox', { name })).not.toBeChecked();
  }
  await expect(banner.getByRole('link', { name: 'Show details' })).toHaveAttribute('href', '/cookie-policy');
  await expect(banner.getByRole('button')).toHaveText(['Allow selection', 'Decline', 'Allow all']);
  await expectNoSeriousA11yViolations(page);

  await banner.getByRole('checkbox', { name: /Performance/ }).check();
  await banner.getByRole('button', { name: 'Allow selection' }).click();
  await expect(banner).toBeHidden();
  const consent = await storedConsent(page);
  expect(consent?.analytics_storage).toBe('granted');
  expect(consent?.ad_personalization).toBe('denied');
  expect(consent?.personalization_storage).toBe('denied');

  // The cookie policy reopens the preferences with the stored choice.
  await openPage(page, '/cookie-policy');
  await page.getByRole('button', { name: 'Change my cookie choices' }).click();
  await expect(banner.getByRole('checkbox', { name: /Performance/ })).toBeChecked();
  await banner.getByRole('button', { name: 'Allow all' }).click();
  expect((await storedConsent(page))?.ad_personalization).toBe('granted');
});

test('A visitor from the United States sees no banner', ONE_SIZE, async ({ page }) => {
  await visitFrom(page, 'US');
  const geo = page.waitForResponse('**/api/v3/geo');
  await openPage(page, '/honor-code');
  await geo;
  await expect(page.getByRole('heading', { level: 1, name: 'Honor Code' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'We value your privacy' })).toHaveCount(0);
});
