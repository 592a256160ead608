import { expectNoSidewaysScroll, ONE_SIZE, openPage } from '../support/layout.ts';
import { expectNoSeriousA11yViolations, signUpStudent, uniqueEmail } from '../support/student.ts';
import { expect, test } from '../support/test.ts';

// These stories submit to POST /api/v3/applications (decision 011), built in the ways-in branch.

test('A visitor applies as a Geek in two steps and sees the thank-you step', async ({ page }, testInfo) => {
  await openPage(page, '/join-our-team');
  await expect(page.getByRole('heading', { level: 1, name: 'Become a Geek' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How it works' })).toBeVisible();
  await expect(page.getByText('Illustrative examples of the Geeks we are looking for.')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);

  const form = page.getByRole('form', { name: 'Geek application' });
  const next = form.getByRole('button', { name: 'Next' });
  await expect(next).toBeDisabled();

  // Step 1: the spec's messages once a field is left; Next only when all three are valid.
  await form.getByLabel('Name').fill('Ada Lovelace');
  await form.getByLabel('Email').fill('ada@example');
  await form.getByLabel('Password').fill('12345');
  await form.getByLabel('Email').blur();
  await form.getByLabel('Password').blur();
  await expect(form.getByText('Please enter a valid email address')).toBeVisible();
  await expect(form.getByText('Your password should be at least 6 symbols long')).toBeVisible();
  await expect(next).toBeDisabled();
  await form.getByLabel('Email').fill(uniqueEmail(testInfo));
  await form.getByLabel('Password').fill('123456');
  await expect(form.getByText('Please enter a valid email address')).toBeHidden();
  await expect(next).toBeEnabled();
  await next.click();

  // Step 2: two textareas of at least 6 rows and at most 155px high; Back keeps step 1.
  await expect(form.getByText('Step 2 of 2')).toBeVisible();
  const expertise = form.getByLabel('Your expertise');
  const subject = form.getByLabel('Your subject');
  for (const area of [expertise, subject]) {
    expect(Number(await area.getAttribute('rows'))).toBeGreaterThanOrEqual(6);
    expect(await area.evaluate((el) => getComputedStyle(el).maxHeight)).toBe('155px');
  }
  const send = form.getByRole('button', { name: 'Send application' });
  await expect(send).toBeDisabled();
  await form.getByRole('button', { name: 'Back' }).click();
  await expect(form.getByLabel('Name')).toHaveValue('Ada Lovelace');
  await form.getByRole('button', { name: 'Next' }).click();

  await expertise.fill('MSc in Mathematics; five years of tutoring calculus and statistics.');
  await subject.fill('Mathematics, Statistics');
  await expect(send).toBeEnabled();
  await send.click();
  await expect(page.getByRole('heading', { name: 'Thank you for applying!' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('A teacher signs up for the beta; an institution applies for subscription details', async ({
  page,
}, testInfo) => {
  await openPage(page, '/for-teachers');
  await expect(page.getByRole('heading', { name: 'Subscription options' })).toBeVisible();
  await expect(page.getByText('$14.99/month')).toBeVisible();
  await expect(page.getByText('$99.00/year')).toBeVisible();
  await expect(page.getByText(/1242/)).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  for (const q of ['Is my data safe?', 'How much does the beta cost?', 'When will it be released?']) {
    await expect(page.getByText(q)).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Join the beta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Join the beta' });
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Please, fill in all fields')).toBeVisible();

  await dialog.getByLabel('Name').fill('Grace Hopper');
  await dialog.getByLabel('Email').fill('grace@');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Oops, school is required')).toBeVisible();
  await expect(dialog.getByText('Oops, check your email format')).toBeVisible();
  await expect(dialog.getByLabel('Name')).toHaveAttribute('maxlength', '100');
  await expectNoSeriousA11yViolations(page);

  await dialog.getByLabel('School').fill('Arlington High School');
  await dialog.getByLabel('Email').fill(uniqueEmail(testInfo));
  await dialog.getByRole('button', { name: 'Send' }).click();
  const thanks = page.getByRole('dialog', { name: 'Thank you for reaching out!' });
  await expect(thanks.getByText('We will get in touch when Beta is released.')).toBeVisible();
  await thanks.getByRole('button', { name: 'Got it' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The fields were cleared: a new sign-up starts empty.
  await page.getByRole('button', { name: 'Join the beta' }).click();
  await expect(page.getByRole('dialog', { name: 'Join the beta' }).getByLabel('Name')).toHaveValue('');
  await page.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Apply for details' }).click();
  const institution = page.getByRole('dialog', { name: 'Subscription for your institution' });
  await institution.getByLabel('School').fill('Springfield University');
  await institution.getByLabel('Name').fill('Edna Krabappel');
  await institution.getByLabel('Email').fill(uniqueEmail(testInfo));
  await institution.getByRole('button', { name: 'Send' }).click();
  await expect(institution.getByText('Oops, comment is required')).toBeVisible();
  await institution
    .getByLabel('Comment')
    .fill('About 40 teachers and 900 students; we would like a yearly plan.');
  await institution.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('dialog', { name: 'Thank you for reaching out!' })).toBeVisible();
});

test(
  'A signed-in student opening the Geek or teacher page is sent to the task list',
  ONE_SIZE,
  async ({ page }, testInfo) => {
    await signUpStudent(page, testInfo);
    for (const path of ['/join-our-team', '/for-teachers']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/orders$/);
    }
  },
);
