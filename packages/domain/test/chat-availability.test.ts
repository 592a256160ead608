import { describe, expect, it } from 'vitest';
import {
  CHAT_BUBBLE_QUIET_MS,
  isChatAvailable,
  SENDER_LABELS,
  SENDER_ROLES,
  senderName,
  showsChatBubble,
  unreadBadgeText,
} from '../src/chat/chat-availability.ts';

const now = new Date('2026-03-01T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('isChatAvailable', () => {
  it.each([
    // [country, paid tasks, available]
    ['US', 0, true],
    ['us', 0, true],
    ['CA', 0, true],
    ['ca', 0, true],
    ['Ca', 0, true],
    ['GB', 0, false],
    ['gb', 0, false],
    [null, 0, false],
    ['', 0, false],
    ['USA', 0, false],
    ['US', 1, true],
    ['GB', 1, true],
    [null, 1, true],
    ['GB', 5, true],
  ] as const)('with a chat id, country %j and %i paid tasks: %s', (country, paidOrdersCount, available) => {
    expect(isChatAvailable({ hasChatId: true, paidOrdersCount, country })).toBe(available);
  });
  it.each([
    ['US', 0],
    ['ca', 3],
    ['GB', 1],
    [null, 0],
  ] as const)('never without a chat id (country %j, %i paid tasks)', (country, paidOrdersCount) => {
    expect(isChatAvailable({ hasChatId: false, paidOrdersCount, country })).toBe(false);
  });
});

describe('showsChatBubble', () => {
  it('waits 20 minutes', () => {
    expect(CHAT_BUBBLE_QUIET_MS).toBe(1_200_000);
  });
  it('shows with unread messages and no message of my own', () => {
    expect(showsChatBubble({ unreadCount: 1, lastOwnMessageAt: null, now })).toBe(true);
  });
  it('shows only once my last message is over 20 minutes old', () => {
    const bubble = (ms: number) => showsChatBubble({ unreadCount: 2, lastOwnMessageAt: ago(ms), now });
    expect(bubble(0)).toBe(false);
    expect(bubble(19 * 60_000)).toBe(false);
    expect(bubble(20 * 60_000)).toBe(false);
    expect(bubble(20 * 60_000 + 1)).toBe(true);
    expect(bubble(3_600_000)).toBe(true);
  });
  it('never shows without unread messages', () => {
    expect(showsChatBubble({ unreadCount: 0, lastOwnMessageAt: null, now })).toBe(false);
    expect(showsChatBubble({ unreadCount: 0, lastOwnMessageAt: ago(3_600_000), now })).toBe(false);
  });
});

describe('unreadBadgeText', () => {
  it.each([
    [0, ''],
    [-1, ''],
    [1, '1'],
    [8, '8'],
    [9, '9'],
    [10, '9+'],
    [250, '9+'],
  ])('shows %i as %j with the default limit of 9', (count, text) => {
    expect(unreadBadgeText(count)).toBe(text);
  });
  it('takes another limit', () => {
    expect(unreadBadgeText(99, 99)).toBe('99');
    expect(unreadBadgeText(100, 99)).toBe('99+');
    expect(unreadBadgeText(0, 99)).toBe('');
  });
});

describe('SENDER_LABELS', () => {
  it('names each sender role as docs/product/messages.md does', () => {
    expect(SENDER_ROLES).toEqual(['writer', 'operator', 'system', 'client']);
    expect(SENDER_LABELS).toEqual({
      writer: 'Geek',
      operator: 'Account Manager',
      system: 'Account Manager',
      client: 'You',
    });
  });
});

describe('senderName', () => {
  it("names the Geek on the Geek's messages and only there", () => {
    expect(senderName({ sender_role: 'writer', name: 'Grace H.' })).toBe('Grace H. · Geek');
    expect(senderName({ sender_role: 'writer', name: null })).toBe('Geek');
    expect(senderName({ sender_role: 'operator', name: 'Grace H.' })).toBe('Account Manager');
    expect(senderName({ sender_role: 'client', name: null })).toBe('You');
  });
});
