import { messagesContract } from '@geekly/domain/chat/messages-contract.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from './api-call.ts';

// The message queries the chat, the task header and the live updates share: the cache keys, and the unread
// notification (the chat button's badge, the task header's count).

export const messagesKey = (orderId: string) => ['messages', 'order', orderId] as const;
export const notificationKey = ['messages', 'notification'] as const;

const notificationQueryOptions = queryOptions({
  queryKey: notificationKey,
  queryFn: () => apiCall(messagesContract.notification, { query: { types: 'allmessages' } }),
});

export const useMessageNotification = () => useQuery(notificationQueryOptions);
