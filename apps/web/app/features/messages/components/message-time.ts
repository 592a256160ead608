import { MESSAGE_DATE_AFTER_MS } from '@geekly/domain/chat/message-schemas.ts';
import dayjs from 'dayjs';

/** docs/product/messages.md: messages older than 12 hours show 'MMM D, HH:mm A'; newer ones their time of day. */
export function messageTime(iso: string, now = new Date()): string {
  const at = dayjs(iso);
  return now.getTime() - at.valueOf() > MESSAGE_DATE_AFTER_MS
    ? at.format('MMM D, HH:mm A')
    : at.format('h:mm A');
}
