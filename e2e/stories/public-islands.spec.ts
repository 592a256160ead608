import { openPublicPage } from '../support/public-site.ts';
import { expectNoSeriousA11yViolations } from '../support/student.ts';
import { expect, test } from '../support/test.ts';

// Decision 033: a visitor's public page runs small islands, never the app's bundle, and the header's Log in
// opens the same popup over the page.

test('A visitor’s public page loads only its islands; Log in opens the popup over the page, Escape closes it', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await openPublicPage(page, '/about-us');

  // The mobile menu holds Log in on a small screen.
  const menuButton = page.getByRole('button', { name: 'Menu' });
  if (await menuButton.isVisible()) {
    await menuButton.click();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('navigation', { name: 'Menu' })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Log in', exact: true }).filter({ visible: true }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await expectNoSeriousA11yViolations(page);

  await dialog.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Sign up' })).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/about-us$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((path) => !/^\/assets\/islands?-/.test(path))).toEqual([]);
});

test('An island takes over its markup on first use: the teachers’ feature slider moves on the first click', async ({
  page,
}) => {
  await openPublicPage(page, '/for-teachers');
  const slides = page.getByRole('region', { name: 'Features' });
  await expect(slides.getByText('1 of 3')).toHaveCount(1);
  await page.getByRole('button', { name: 'Next feature' }).click();
  await expect(slides.getByText('2 of 3')).toHaveCount(1);
  await expect(slides.getByRole('heading', { name: 'Homework in one list' })).toBeVisible();
  await page.getByRole('button', { name: 'Previous feature' }).click();
  await page.getByRole('button', { name: 'Previous feature' }).click();
  await expect(slides.getByRole('heading', { name: 'Messages with context' })).toBeVisible();
});
