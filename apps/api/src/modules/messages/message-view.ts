import type { MessageResponse } from '@geekly/domain/chat/message-schemas.ts';
import type { MessageRow } from './messages.repository.ts';

export function messageView(m: MessageRow): MessageResponse {
  return {
    _id: m.id,
    sender_role: m.senderRole,
    name: m.senderRole === 'writer' ? m.geekName : null,
    message: m.message,
    status: m.status,
    created_at: m.createdAt.toISOString(),
    files: m.files.map((f) => ({ _id: f.id, name: f.name, size: f.size, type: f.type })),
  };
}
