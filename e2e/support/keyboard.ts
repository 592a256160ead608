import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Keyboard-only helpers (issue 27): no mouse, no click(). Focus moves with Tab, and every stop it makes on the
 * way is checked for a visible focus indicator.
 */

/** The focused element (or the control it sits in) draws an outline or ring with at least 3:1 contrast. */
export async function expectVisibleFocus(page: Page) {
  const seen = await page.evaluate(() => {
    const channel = (c: number) => {
      const v = c / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    };
    const parse = (color: string): [number, number, number, number] | null => {
      const m = color.match(/rgba?\(([\d.]+)[, ]+([\d.]+)[, ]+([\d.]+)(?:[, /]+([\d.]+))?\)/);
      return m ? [Number(m[1]), Number(m[2]), Number(m[3]), m[4] === undefined ? 1 : Number(m[4])] : null;
    };
    const lum = ([r = 0, g = 0, b = 0]: number[]) =>
      0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    const ratio = (a: number[], b: number[]) => {
      const [x, y] = [lum(a), lum(b)];
      return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
    };
    const backgroundOf = (el: Element | null): number[] => {
      for (let at = el; at; at = at.parentElement) {
        const bg = parse(getComputedStyle(at).backgroundColor);
        if (bg && bg[3] > 0.5) return bg;
      }
      return [255, 255, 255];
    };
    const active = document.activeElement;
    if (!active || active === document.body) return { ok: false, why: 'focus is on <body>' };
    const describe = `${active.tagName.toLowerCase()} "${(active.getAttribute('aria-label') ?? active.textContent ?? '').trim().slice(0, 40)}"`;
    // The indicator may be drawn on the control around a visually hidden input (stars, segments, checkboxes).
    for (let el: Element | null = active, up = 0; el && up < 3; el = el.parentElement, up++) {
      const style = getComputedStyle(el);
      const ring =
        style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 1
          ? parse(style.outlineColor)
          : style.boxShadow !== 'none'
            ? parse(style.boxShadow)
            : null;
      if (!ring) continue;
      const contrast = ratio(ring, backgroundOf(el.parentElement));
      if (contrast >= 3) return { ok: true, why: describe };
      return { ok: false, why: `${describe}: focus ring contrast ${contrast.toFixed(2)}:1` };
    }
    return { ok: false, why: `${describe}: no visible focus indicator` };
  });
  expect(seen.ok, seen.why).toBe(true);
}

const focused = (target: Locator) =>
  target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails after `max` steps (a trap or a missing stop). */
export async function tabTo(target: Locator, { max = 80, back = false } = {}) {
  const page = target.page();
  await expect(target).toBeVisible();
  for (let i = 0; i < max; i++) {
    if (await focused(target)) {
      await expectVisibleFocus(page);
      return;
    }
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab did not reach ${target} in ${max} steps`);
}

/** Tabs to `target` and presses `key` on it (Enter by default). */
export async function activate(target: Locator, key = 'Enter', options?: { max?: number; back?: boolean }) {
  await tabTo(target, options);
  await target.page().keyboard.press(key);
}

/** The focus is on `target` (or inside it). */
export async function expectFocusOn(target: Locator) {
  await expect.poll(() => focused(target)).toBe(true);
}
