import type {
  MessageNotification,
  MessageResponse,
  SendMessageInput,
} from '@geekly/domain/chat/message-schemas.ts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { announce } from '../../../lib/announce.ts';
import { api } from '../../../lib/api-client.ts';

export type Message = MessageResponse;

export const messagesKey = (orderId: string) => ['messages', 'order', orderId] as const;
export const notificationKey = ['messages', 'notification'] as const;

export const messagesQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: messagesKey(orderId),
    queryFn: () =>
      api<{ results: Message[] }>(`/orders/${encodeURIComponent(orderId)}/messages`).then((r) => r.results),
    // docs/product/messages.md: the panel shows its own error style when the fetch fails.
    meta: { handledStatuses: [404, 0, 500, 502, 503] },
  });

export const useMessages = (orderId: string) => useQuery(messagesQueryOptions(orderId));

export const notificationQueryOptions = queryOptions({
  queryKey: notificationKey,
  queryFn: () => api<MessageNotification>('/notification?types=allmessages'),
});

export const useMessageNotification = () => useQuery(notificationQueryOptions);

export function useSendMessage(orderId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SendMessageInput) =>
      api<Message>(`/orders/${encodeURIComponent(orderId)}/messages`, { body: input }),
    meta: { handledStatuses: [422] },
    onSuccess: (message) => {
      announce('Message sent');
      qc.setQueryData<Message[]>(messagesKey(orderId), (old) =>
        old && !old.some((m) => m._id === message._id) ? [...old, message] : old,
      );
      void qc.invalidateQueries({ queryKey: notificationKey });
      void qc.invalidateQueries({ queryKey: ['orders', 'list'] });
    },
  });
}

export function useMarkRead(orderId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) =>
      api<Message>(`/orders/${encodeURIComponent(orderId)}/messages/${encodeURIComponent(messageId)}`, {
        method: 'PATCH',
        body: { status: 'read' },
      }),
    onSuccess: (message) => {
      qc.setQueryData<Message[]>(messagesKey(orderId), (old) =>
        old?.map((m) => (m._id === message._id ? message : m)),
      );
      void qc.invalidateQueries({ queryKey: notificationKey });
      void qc.invalidateQueries({ queryKey: ['orders', 'list'] });
    },
  });
}
