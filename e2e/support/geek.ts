import { type APIRequestContext, type Browser, expect, type Page, type TestInfo } from '@playwright/test';
import { operatorToken } from './operator.ts';
import { JSON_CALL } from './student.ts';

export const GEEK_PASSWORD = 'my geek password';

export const uniqueGeekEmail = (testInfo: TestInfo) =>
  `geek-${testInfo.project.name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** The operator API as the e2e staff account. */
export async function asOperator(request: APIRequestContext) {
  const headers = { authorization: `Bearer ${await operatorToken(request)}` };
  return {
    get: (path: string) => request.get(`/api/v3${path}`, { headers }),
    post: (path: string, data: unknown) => request.post(`/api/v3${path}`, { headers, data }),
  };
}

/**
 * A Geek with a workspace log-in, made the way a real one is (docs/product/http-api.md "Geek workspace"): an application from
 * /join-our-team's call, approved by staff with the given subjects. Answers the Geek profile's id.
 */
export async function approvedGeek(
  request: APIRequestContext,
  geek: { name: string; email: string; password?: string; subjects: string[] },
): Promise<string> {
  const applied = await request.post('/api/v3/applications', {
    headers: JSON_CALL,
    data: {
      kind: 'geek',
      name: geek.name,
      email: geek.email,
      password: geek.password ?? GEEK_PASSWORD,
      expertise: 'Ten years of teaching and writing.',
      subject: geek.subjects.join(', '),
    },
  });
  expect(applied.status()).toBe(201);
  const { _id } = (await applied.json()) as { _id: string };
  const ops = await asOperator(request);
  const approved = await ops.post(`/ops/applications/${_id}/approve`, {
    major: geek.subjects[0],
    public_subjects: geek.subjects,
  });
  expect(approved.status()).toBe(201);
  return ((await approved.json()) as { _id: string })._id;
}

/** A second person in the story: their own browser context at the page's size. */
export async function secondPerson(browser: Browser, page: Page, testInfo: TestInfo) {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: page.viewportSize(),
    isMobile: testInfo.project.use.isMobile,
    hasTouch: testInfo.project.use.hasTouch,
    userAgent: testInfo.project.use.userAgent,
    deviceScaleFactor: testInfo.project.use.deviceScaleFactor,
    acceptDownloads: true,
  });
  return { context, page: await context.newPage() };
}

/** The back office in its own context, signed in with the e2e staff token (no extra staff log-in). */
export async function staffBrowser(browser: Browser, page: Page, testInfo: TestInfo) {
  const token = await operatorToken(page.request);
  // At the page's size, as the other back-office stories open it: staff work at a desk, not on a phone.
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: page.viewportSize(),
  });
  await context.addInitScript((jwt) => localStorage.setItem('geekly.ops.jwt', jwt), token);
  return { context, page: await context.newPage() };
}

/** Logs a Geek in at /workspace/login; the page ends on the offers. */
export async function logInGeek(page: Page, email: string, password = GEEK_PASSWORD) {
  await page.goto('/workspace/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}
