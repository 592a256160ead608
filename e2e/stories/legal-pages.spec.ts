import {
  AUTO_ACCEPT_DAYS,
  GEEK_SHARE_PERCENT,
  PLATFORM_CHARGE_PERCENT,
} from '@geekly/domain/orders/acceptance.ts';
import { PLATFORM_CHARGE } from '@geekly/domain/payments/public-promises.ts';
import { operatorDeliversFinalDraft } from '../support/geek-files.ts';
import { expectNoSidewaysScroll, ONE_SIZE, openPage } from '../support/layout.ts';
import { operatorToken } from '../support/operator.ts';
import {
  createPricedTask,
  creditStudent,
  expectNoSeriousA11yViolations,
  JSON_CALL,
  payFromBalance,
  signUpStudent,
} from '../support/student.ts';
import { expect, test } from '../support/test.ts';

// docs/product/public-site.md: the always-visible pages and their sections.
const PAGES = [
  {
    path: '/terms-of-service',
    title: 'Terms of Service',
    sections: [
      'Registration and account security',
      'Safety',
      'Content regulations',
      'Operation and liability',
      'Tutoring policies',
      'Financial policies',
      'Disclaimer',
      'Link policy',
      'Modifications',
    ],
  },
  {
    path: '/privacy-policy',
    title: 'Privacy Policy',
    sections: [
      'The data we collect',
      'How we use it',
      'Who can see it',
      'How long we keep it and how we protect it',
      'Your rights',
      'Changes and contact',
    ],
  },
  {
    path: '/honor-code',
    title: 'Honor Code',
    sections: [
      'Personal behavior',
      'Students',
      'Service providers',
      'Confidentiality',
      'Contact',
      'Referrals',
    ],
  },
  {
    path: '/cookie-policy',
    title: 'Cookie Policy',
    sections: [
      'What cookies are',
      'How we ask for your consent',
      'The categories',
      'What we store in your browser',
      'Changing your choice',
    ],
  },
];

test('A visitor reads the legal pages: each shows its title and its collapsible sections', async ({
  page,
}) => {
  for (const legal of PAGES) {
    await openPage(page, legal.path);
    await expect(page.getByRole('heading', { level: 1, name: legal.title })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(legal.title));
    const headings = page.locator('main summary h2');
    await expect(headings).toHaveCount(legal.sections.length);
    for (const [i, name] of legal.sections.entries()) {
      await expect(headings.nth(i)).toHaveText(`${i + 1}. ${name}`);
    }
    await expectNoSeriousA11yViolations(page);
    await expectNoSidewaysScroll(page);
  }

  // Terms: a section opens on click; Cyprus law and the English version prevailing are stated.
  await openPage(page, '/terms-of-service');
  const modifications = page.locator('details', { hasText: 'Modifications' });
  await expect(modifications.getByText(/laws of the Republic of Cyprus/)).toBeHidden();
  await page.getByText('9. Modifications').click();
  await expect(modifications.getByText(/laws of the Republic of Cyprus/)).toBeVisible();
  await expect(
    modifications.getByText('If these terms are translated, the English version prevails.'),
  ).toBeVisible();
  await page.getByText('6. Financial policies').click();
  await expect(page.getByText(/prepay 30% of the price and pay the remaining 70%/)).toBeVisible();
  await expect(page.getByText(`${PLATFORM_CHARGE} is already included`, { exact: false })).toBeVisible();
  await expect(page.getByText(/NEWUSER gives new users 25% off their first 5 tasks/)).toBeVisible();

  await openPage(page, '/privacy-policy');
  await expect(page.getByText('Effective from 25 May 2018')).toBeVisible();

  // Cookie policy: the four categories with their consent keys.
  await openPage(page, '/cookie-policy');
  await page.getByText('3. The categories').click();
  await expect(page.getByText(/^Essentials \(ad_storage, ad_user_data, security_storage\)/)).toBeVisible();
  await expect(page.getByText(/^Marketing \(ad_personalization\)/)).toBeVisible();
  await expect(page.getByText(/^Performance \(analytics_storage\)/)).toBeVisible();
  await expect(
    page.getByText(/^Functional \(functionality_storage, personalization_storage\)/),
  ).toBeVisible();

  // Refund policy: one page with the spec's numbers.
  await openPage(page, '/refund-policy');
  await expect(page.getByRole('heading', { level: 1, name: 'Refund Policy' })).toBeVisible();
  await expect(page.getByText(/within 60 days after the task was completed/)).toBeVisible();
  await expect(page.getByText(/reviews each request within 3–5 business days/)).toBeVisible();
  await expect(page.getByText('Refunds to your account balance are immediate once approved.')).toBeVisible();
  await expect(page.getByText(/Refunds to a card take 3–5 business days/)).toBeVisible();
  await expect(page.getByText(/replacement within up to 24 hours/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test(
  'A signed-in student can still open the legal pages (no redirect)',
  ONE_SIZE,
  async ({ page }, testInfo) => {
    await signUpStudent(page, testInfo);
    for (const path of [
      '/terms-of-service',
      '/privacy-policy',
      '/refund-policy',
      '/honor-code',
      '/cookie-policy',
    ]) {
      await openPage(page, path);
      await expect(page.locator('h1')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    }
  },
);

test(
  "The public pages' platform charge and payment release, and the ledger's Geek share, come from the same numbers",
  ONE_SIZE,
  async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    // Issue 34, decision 036: what the ledger does not pay the Geek is the charge the pages state.
    expect(PLATFORM_CHARGE_PERCENT + GEEK_SHARE_PERCENT).toBe(100);
    const charge = `${PLATFORM_CHARGE_PERCENT}% platform charge`;
    const release = `${AUTO_ACCEPT_DAYS} days after delivery`;
    const pages: [string, string[], () => Promise<void>][] = [
      ['/terms-of-service', [charge, release], () => page.getByText('6. Financial policies').click()],
      ['/refund-policy', [release], async () => {}],
      [
        '/',
        [charge, release],
        async () => {
          for (const q of ['How much does it cost?', 'Can I pay the full price at once?'])
            await page.getByText(q).click();
        },
      ],
      ['/about-us', [charge, release], async () => {}],
    ];
    for (const [path, texts, open] of pages) {
      await openPage(page, path);
      await open();
      const body = (await page.locator('body').innerText()).replace(/\s+/g, ' ');
      for (const text of texts) expect(body, `${path}: ${text}`).toContain(text);
      // The promise the product does not keep is gone everywhere (issue 34 item 12).
      expect(body, path).not.toContain('only after you confirm');
    }
    await expect(page.getByRole('contentinfo')).toContainText(release);

    // The ledger: an accepted task earns its Geek GEEK_SHARE_PERCENT of the work price, to the cent.
    await signUpStudent(page, testInfo);
    const id = await createPricedTask(page.request, {
      title: 'Share check',
      subject: 'English',
      pages: 1,
      hoursAhead: 100,
    });
    await creditStudent(page.request, 30);
    await payFromBalance(page.request, id, { cents: 2655 });
    const geekId = await operatorDeliversFinalDraft(
      page.request,
      id,
      { name: 'share.pdf', body: Buffer.from('%PDF-1.4\n%%EOF\n') },
      { name: 'Share Geek', subject: 'English' },
    );
    const accepted = await page.request.post(`/api/v3/orders/${id}`, {
      headers: JSON_CALL,
      data: { action: 'client_accept' },
    });
    expect(accepted.status()).toBe(200);
    const work = Math.round(
      ((await accepted.json()) as { client_base_price: number }).client_base_price * 100,
    );
    const history = await page.request.get(`/api/v3/ops/geeks/${geekId}/earnings`, {
      headers: { authorization: `Bearer ${await operatorToken(page.request)}` },
    });
    const lines = ((await history.json()) as { lines: { kind: string; amount: number }[] }).lines;
    expect(lines.filter((l) => l.kind === 'earning').map((l) => Math.round(l.amount * 100))).toEqual([
      Math.floor((work * GEEK_SHARE_PERCENT) / 100),
    ]);
  },
);
