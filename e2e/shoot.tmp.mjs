import { chromium } from 'playwright-core';

const base = 'http://localhost:3341';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const pages = (process.argv[2] ?? '/terms-of-service').split(',');
const opts = process.argv[3] ?? '';
for (const width of [1280, 375]) {
  const ctx = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await ctx.newPage();
  if (opts.includes('geo'))
    await page.route('**/api/v3/geo', (r) => r.fulfill({ json: { country_code: 'DE' } }));
  if (opts.includes('apps'))
    await page.route('**/api/v3/applications', (r) => r.fulfill({ status: 201, json: { _id: 'x' } }));
  for (const p of pages) {
    await page.goto(base + p);
    await page.waitForTimeout(700);
    if (opts.includes('open'))
      for (const d of await page.locator('details').all())
        await d.evaluate((e) => {
          e.open = true;
        });
    const sw = await page.evaluate(() => document.documentElement.scrollWidth);
    const name = `${p.replace(/\//g, '_') || 'root'}-${width}${opts ? '-' + opts : ''}.png`;
    await page.screenshot({ path: `/tmp/pages-shots/${name}`, fullPage: !opts.includes('view') });
    console.log(name, 'scrollWidth', sw, page.url());
  }
  await ctx.close();
}
await browser.close();
