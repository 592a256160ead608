import { useEffect, useState } from 'react';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The time to a deadline in words: '2 days 5 hours left', '40 minutes left', 'Overdue by 3 hours'. */
export function timeLeft(deadline: string, now: number): string {
  const ms = new Date(deadline).getTime() - now;
  const span = Math.abs(ms);
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  let text: string;
  if (span >= DAY) {
    const days = Math.floor(span / DAY);
    const hours = Math.floor((span % DAY) / HOUR);
    text = hours ? `${unit(days, 'day')} ${unit(hours, 'hour')}` : unit(days, 'day');
  } else if (span >= HOUR) {
    const hours = Math.floor(span / HOUR);
    const minutes = Math.floor((span % HOUR) / MINUTE);
    text = minutes ? `${unit(hours, 'hour')} ${unit(minutes, 'minute')}` : unit(hours, 'hour');
  } else text = unit(Math.max(1, Math.floor(span / MINUTE)), 'minute');
  return ms >= 0 ? `${text} left` : `Overdue by ${text}`;
}

/** Whether a deadline is near (under a day) or past: shown as a warning. */
export const isUrgent = (deadline: string, now: number) => new Date(deadline).getTime() - now < DAY;

/** The current time, renewed every minute, for the time left to deadlines. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), MINUTE);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** A moment in the Geek's own time zone: 'Nov 30, 2026, 3:00 PM'. */
export const formatWhen = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
