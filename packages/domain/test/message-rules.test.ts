import { describe, expect, it } from 'vitest';
import {
  canSendMessage,
  MESSAGE_MAX_LENGTH,
  MESSAGE_TEXTS,
  sendMessageSchema,
  showsNewBadge,
} from '../src/chat/message-schemas.ts';

describe('the send button (docs/product/messages.md)', () => {
  it('shows with text and no attachments, or when every attachment is loaded', () => {
    expect(canSendMessage('hi', [])).toBe(true);
    expect(canSendMessage('  ', [])).toBe(false);
    expect(canSendMessage('', [{ status: 'loaded' }])).toBe(true);
    expect(canSendMessage('hi', [{ status: 'loaded' }, { status: 'progress' }])).toBe(false);
    expect(canSendMessage('hi', [{ status: 'failed' }])).toBe(false);
  });
});

describe("the 'New' badge (docs/product/account.md)", () => {
  it('shows only on unread messages not from the client', () => {
    expect(showsNewBadge({ sender_role: 'operator', status: 'unread' })).toBe(true);
    expect(showsNewBadge({ sender_role: 'writer', status: 'unread' })).toBe(true);
    expect(showsNewBadge({ sender_role: 'client', status: 'unread' })).toBe(false);
    expect(showsNewBadge({ sender_role: 'operator', status: 'read' })).toBe(false);
  });
});

describe('the message body (decision 019)', () => {
  const file = { location: 'orders/x', name: 'a.pdf', size: 1, type: 'application/pdf' };
  it('needs text or a file, within the length limit, and always goes to the operator', () => {
    expect(sendMessageSchema.safeParse({ message: '' }).error?.issues[0]?.message).toBe(MESSAGE_TEXTS.empty);
    expect(sendMessageSchema.safeParse({ files: [file] }).success).toBe(true);
    expect(sendMessageSchema.safeParse({ message: 'x'.repeat(MESSAGE_MAX_LENGTH) }).success).toBe(true);
    expect(sendMessageSchema.safeParse({ message: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) }).success).toBe(false);
    expect(sendMessageSchema.safeParse({ message: 'hi', to_user: 'writer' }).success).toBe(false);
  });
});
