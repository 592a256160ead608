import type { BrowserContext, Page, Request } from '@playwright/test';
import { ONE_SIZE } from '../support/layout.ts';
import { operatorToken } from '../support/operator.ts';
import { createPricedTask, creditStudent, payFromBalance, signUpStudent } from '../support/student.ts';
import { expect, test } from '../support/test.ts';

// Issue 13: the tabs of one browser share one live stream (Web Lock + BroadcastChannel, decision 019); the
// chat button's drag and its new-message sound (docs/product/messages.md).

/** Every `GET /api/v3/events` of the context, and which of them are still open. */
function watchStreams(context: BrowserContext) {
  const opened: Request[] = [];
  const open = new Set<Request>();
  const isStream = (r: Request) => new URL(r.url()).pathname === '/api/v3/events';
  context.on('request', (r) => {
    if (!isStream(r)) return;
    opened.push(r);
    open.add(r);
  });
  const done = (r: Request) => open.delete(r);
  context.on('requestfinished', done);
  context.on('requestfailed', done);
  // A closed tab's connection ends with it (its request reports no end of its own).
  context.on('page', (page) =>
    page.on('close', () => {
      for (const r of open) if (r.frame().page() === page) open.delete(r);
    }),
  );
  return { opened, open };
}

/** Records every HTMLAudioElement.play() of the page (its source and volume) instead of making a sound. */
async function spyOnSound(page: Page) {
  await page.addInitScript(() => {
    const plays: { src: string; volume: number }[] = [];
    (window as unknown as { __plays: typeof plays }).__plays = plays;
    HTMLAudioElement.prototype.play = function play(this: HTMLAudioElement) {
      plays.push({ src: this.src, volume: this.volume });
      return Promise.resolve();
    };
  });
}
const playsOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { __plays: { src: string; volume: number }[] }).__plays);

async function paidTaskWithOperator(page: Page) {
  const id = await createPricedTask(page.request, {
    title: 'Shared stream task',
    subject: 'English',
    pages: 1,
    hoursAhead: 100,
  });
  // docs/product/messages.md: the chat (and its badge) is for clients with a paid task.
  await creditStudent(page.request, 30);
  await payFromBalance(page.request, id, { cents: 2655 });
  const ops = await operatorToken(page.request);
  return (message: string) =>
    page.request.post(`/api/v3/ops/orders/${id}/messages`, {
      headers: { authorization: `Bearer ${ops}` },
      data: { message, sender_role: 'operator' },
    });
}

test(
  'Two tabs share one live stream: one GET /events, events reach both, the other tab takes over when the leader closes',
  ONE_SIZE,
  async ({ context }, testInfo) => {
    const streams = watchStreams(context);
    const first = await context.newPage();
    await spyOnSound(first);
    await signUpStudent(first, testInfo);
    const reply = await paidTaskWithOperator(first);
    await first.goto('/orders');
    const second = await context.newPage();
    await spyOnSound(second);
    await second.goto('/orders');
    await expect(second.getByTestId('chat-button')).toBeVisible();
    await expect(first.getByTestId('chat-button')).toBeVisible();

    // One stream for the browser, whichever tab holds it.
    await expect.poll(() => streams.open.size).toBe(1);
    await second.waitForTimeout(1000);
    expect(streams.open.size).toBe(1);
    const leaderStream = [...streams.open][0] as Request;
    const leader = leaderStream.frame().page() as Page;
    const follower = leader === first ? second : first;

    // An operator reply reaches both tabs: the leader from the stream, the other through the BroadcastChannel.
    expect((await reply('Hello from your Account Manager')).status()).toBe(201);
    await expect(leader.getByTestId('chat-badge')).toHaveText('1');
    await expect(follower.getByTestId('chat-badge')).toHaveText('1');
    // The sound plays once per browser, in the tab that holds the stream, at volume 0.2 (docs/product/tasks-and-pricing.md).
    await expect.poll(() => playsOf(leader)).toEqual([{ src: expect.stringMatching(/\.wav$/), volume: 0.2 }]);
    expect(await playsOf(follower)).toEqual([]);

    // The leader closes: the other tab takes the lock, opens the stream from the last event id, and hears the next
    // reply itself (and plays the sound now).
    const before = streams.opened.length;
    await leader.close();
    await expect.poll(() => streams.opened.length).toBeGreaterThan(before);
    await expect.poll(() => streams.open.size).toBe(1);
    const taken = streams.opened.at(-1) as Request;
    expect(taken.frame().page()).toBe(follower);
    expect(new URL(taken.url()).searchParams.get('last_event_id')).toMatch(/^\d+$/);
    expect((await reply('Your Geek has started.')).status()).toBe(201);
    await expect(follower.getByTestId('chat-badge')).toHaveText('2');
    await expect.poll(() => playsOf(follower)).toHaveLength(1);
    expect(streams.open.size).toBe(1);
    await follower.screenshot({ path: `screenshots/live-tabs-follower-${testInfo.project.name}.png` });
  },
);

test('The chat button can be dragged and keeps its place across a reload', async ({ page }, testInfo) => {
  await signUpStudent(page, testInfo);
  await paidTaskWithOperator(page);
  await page.goto('/orders');
  const button = page.getByTestId('chat-button');
  await expect(button).toBeVisible();
  const start = await button.boundingBox();
  if (!start) throw new Error('no chat button');

  // Issue 34: scrolled to the end, the footer's last line is above the button and its move control.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const copyright = await page.getByText('© 2026 Geekly').boundingBox();
  for (const control of [
    button,
    page.getByRole('button', { name: 'Move the chat button to the other side' }),
  ]) {
    const box = await control.boundingBox();
    if (!box || !copyright) throw new Error('nothing to measure');
    const apart =
      box.x >= copyright.x + copyright.width ||
      copyright.x >= box.x + box.width ||
      box.y >= copyright.y + copyright.height ||
      copyright.y >= box.y + box.height;
    expect(apart, 'the chat button stays off the footer').toBe(true);
  }
  await page.screenshot({ path: `screenshots/chat-button-footer-${testInfo.project.name}.png` });
  await page.evaluate(() => window.scrollTo(0, 0));

  const cx = start.x + start.width / 2;
  const cy = start.y + start.height / 2;

  // A mouse drag 120 px left and 90 px up moves it, and is not a click (the chat stays closed).
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  await page.mouse.move(cx - 60, cy - 45, { steps: 5 });
  await page.mouse.move(cx - 120, cy - 90, { steps: 5 });
  await page.mouse.up();
  await expect(page).toHaveURL(/\/orders$/);
  const moved = await button.boundingBox();
  expect(Math.round((moved?.x ?? 0) - start.x)).toBe(-120);
  expect(Math.round((moved?.y ?? 0) - start.y)).toBe(-90);

  await page.reload();
  await expect(button).toBeVisible();
  const reloaded = await button.boundingBox();
  expect(Math.round(reloaded?.x ?? 0)).toBe(Math.round(moved?.x ?? 0));
  expect(Math.round(reloaded?.y ?? 0)).toBe(Math.round(moved?.y ?? 0));
  await page.screenshot({ path: `screenshots/chat-button-dragged-${testInfo.project.name}.png` });

  // A plain click still opens the chat.
  await button.click();
  await expect(page).toHaveURL(/\/order\/[\w-]+\/messages$/);
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true });
  test('the chat button drags only after a 300 ms hold; a quick swipe leaves it in place', async ({
    page,
  }, testInfo) => {
    await signUpStudent(page, testInfo);
    await paidTaskWithOperator(page);
    await page.goto('/orders');
    const button = page.getByTestId('chat-button');
    await expect(button).toBeVisible();
    const start = await button.boundingBox();
    if (!start) throw new Error('no chat button');
    const x = start.x + start.width / 2;
    const y = start.y + start.height / 2;
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', px: number, py: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: type === 'touchEnd' ? [] : [{ x: px, y: py }],
      });

    // A swipe straight away: no drag (the page may scroll instead).
    await touch('touchStart', x, y);
    await touch('touchMove', x - 20, y - 40);
    await touch('touchMove', x - 40, y - 80);
    await touch('touchEnd', x - 40, y - 80);
    expect(await button.boundingBox()).toEqual(start);

    // Held for longer than 300 ms, then moved: a drag.
    await touch('touchStart', x, y);
    await page.waitForTimeout(450);
    await touch('touchMove', x - 20, y - 40);
    await touch('touchMove', x - 40, y - 80);
    await touch('touchEnd', x - 40, y - 80);
    const moved = await button.boundingBox();
    expect(Math.round((moved?.x ?? 0) - start.x)).toBe(-40);
    expect(Math.round((moved?.y ?? 0) - start.y)).toBe(-80);
    await page.reload();
    await expect(button).toBeVisible();
    expect(Math.round((await button.boundingBox())?.y ?? 0)).toBe(Math.round(moved?.y ?? 0));
  });
});
