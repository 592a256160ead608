type ChatAvailabilityInput = {
  hasChatId: boolean;
  paidOrdersCount: number;
  country: string | null;
};

// docs/product/messages.md "Chat availability": US or Canada, as ISO country codes.
const CHAT_COUNTRIES: readonly string[] = ['US', 'CA'];

/**
 * docs/product/messages.md: chat only for users with a chat id who have at least one paid task or live in the US or Canada;
 * otherwise the chat action opens an e-mail link.
 */
export function isChatAvailable({ hasChatId, paidOrdersCount, country }: ChatAvailabilityInput): boolean {
  if (!hasChatId) return false;
  return paidOrdersCount >= 1 || (country !== null && CHAT_COUNTRIES.includes(country.toUpperCase()));
}

/** docs/product/messages.md: the bubble waits until the client's own last message is over 20 minutes old. */
export const CHAT_BUBBLE_QUIET_MS = 20 * 60_000;

type ChatBubbleInput = {
  unreadCount: number;
  lastOwnMessageAt: Date | null;
  now: Date;
};

/** docs/product/messages.md: unread messages exist and the last self-sent message is over 20 minutes old or absent. */
export function showsChatBubble({ unreadCount, lastOwnMessageAt, now }: ChatBubbleInput): boolean {
  if (unreadCount <= 0) return false;
  return lastOwnMessageAt === null || now.getTime() - lastOwnMessageAt.getTime() > CHAT_BUBBLE_QUIET_MS;
}

/**
 * docs/product/messages.md: "the unread badge adds a trailing + when the count overflows". The spec gives no limit; 9 is our
 * choice, so the badge holds at most two characters ('9+').
 */
export function unreadBadgeText(count: number, max = 9): string {
  if (count <= 0) return '';
  return count > max ? `${max}+` : String(count);
}

/** docs/product/messages.md "Message": who sent a message. */
export const SENDER_ROLES = ['writer', 'operator', 'system', 'client'] as const;
type SenderRole = (typeof SENDER_ROLES)[number];

/** docs/product/messages.md: how each sender role is shown. */
export const SENDER_LABELS: Readonly<Record<SenderRole, string>> = {
  writer: 'Geek',
  operator: 'Account Manager',
  system: 'Account Manager',
  client: 'You',
};

/** Who wrote a message, as the panel shows it: the Geek by their public name too ('Grace H. · Geek'). */
export function senderName(m: { sender_role: SenderRole; name?: string | null }): string {
  const role = SENDER_LABELS[m.sender_role];
  return m.sender_role === 'writer' && m.name ? `${m.name} · ${role}` : role;
}
