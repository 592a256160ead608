import { type PointerEvent as ReactPointerEvent, useCallback, useRef, useState } from 'react';
import { readJson, writeJson } from '../../../lib/local-store.ts';

const KEY = 'geekly.chat.position';
/** docs/product/messages.md: on touch screens a drag starts after a 300 ms hold, so a swipe still scrolls the page. */
const TOUCH_DRAG_DELAY_MS = 300;
const MOUSE_THRESHOLD_PX = 4;

type Position = { right: number; bottom: number };
/** Above the phone layout's bottom bar (mobile-footer), beside the page's corner on wider screens. */
const defaultPosition = (): Position =>
  globalThis.matchMedia?.('(max-width: 1023px)').matches
    ? { right: 16, bottom: 88 }
    : { right: 24, bottom: 24 };

const clamp = (p: Position, size: number): Position => ({
  right: Math.min(Math.max(8, p.right), Math.max(8, window.innerWidth - size - 8)),
  bottom: Math.min(Math.max(8, p.bottom), Math.max(8, window.innerHeight - size - 8)),
});

/**
 * docs/product/messages.md: the floating chat button is draggable and keeps its place in local storage. Returns the
 * position, the pointer handlers, and whether the last press was a drag (then it is not a click).
 */
export function useDragPosition(size: number) {
  const [pos, setPos] = useState<Position>(() => readJson<Position>(KEY) ?? defaultPosition());
  const latest = useRef(pos);
  latest.current = pos;
  const drag = useRef<{
    start: { x: number; y: number; right: number; bottom: number };
    active: boolean;
    timer?: ReturnType<typeof setTimeout>;
  } | null>(null);
  const dragged = useRef(false);

  const onPointerDown = useCallback(
    (e: ReactPointerEvent<HTMLElement>) => {
      dragged.current = false;
      const start = { x: e.clientX, y: e.clientY, right: pos.right, bottom: pos.bottom };
      drag.current = { start, active: false };
      if (e.pointerType === 'touch') {
        drag.current.timer = setTimeout(() => {
          if (drag.current) drag.current.active = true;
        }, TOUCH_DRAG_DELAY_MS);
      }
      e.currentTarget.setPointerCapture?.(e.pointerId);
    },
    [pos],
  );

  const onPointerMove = useCallback(
    (e: ReactPointerEvent<HTMLElement>) => {
      const d = drag.current;
      if (!d) return;
      const dx = e.clientX - d.start.x;
      const dy = e.clientY - d.start.y;
      if (!d.active) {
        if (e.pointerType === 'touch') {
          // moved before the hold ended: a scroll, not a drag
          if (Math.hypot(dx, dy) > 10) {
            clearTimeout(d.timer);
            drag.current = null;
          }
          return;
        }
        if (Math.hypot(dx, dy) < MOUSE_THRESHOLD_PX) return;
        d.active = true;
      }
      dragged.current = true;
      const next = clamp({ right: d.start.right - dx, bottom: d.start.bottom - dy }, size);
      // Kept at once, not at the next render: the release can come before React renders the last move, and the
      // stored place must be where the button was let go.
      latest.current = next;
      setPos(next);
    },
    [size],
  );

  const onPointerUp = useCallback(() => {
    const d = drag.current;
    if (d) clearTimeout(d.timer);
    drag.current = null;
    if (dragged.current) writeJson(KEY, latest.current);
  }, []);

  /**
   * WCAG 2.5.7: the same move without dragging, one press: the button goes to the other side of the screen at
   * the same height (and is kept there, as a drag keeps it).
   */
  const moveAcross = useCallback(() => {
    const p = latest.current;
    const next = clamp({ right: window.innerWidth - size - p.right, bottom: p.bottom }, size);
    latest.current = next;
    setPos(next);
    writeJson(KEY, next);
  }, [size]);

  return {
    pos,
    moveAcross,
    handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: onPointerUp },
    dragged,
  };
}
