import type { MessageResponse, SendMessageInput } from '@geekly/domain/chat/message-schemas.ts';
import { messagesContract } from '@geekly/domain/chat/messages-contract.ts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { announce } from '../../../lib/announce.ts';
import { apiCall } from '../../../lib/api-call.ts';
import { messagesKey, notificationKey } from '../../../lib/message-queries.ts';

export type Message = MessageResponse;

const messagesQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: messagesKey(orderId),
    queryFn: () => apiCall(messagesContract.list, { params: { id: orderId } }).then((r) => r.results),
    // docs/product/messages.md: the panel shows its own error style when the fetch fails.
    meta: { handledStatuses: [404, 0, 500, 502, 503] },
  });

export const useMessages = (orderId: string) => useQuery(messagesQueryOptions(orderId));

export function useSendMessage(orderId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SendMessageInput) =>
      apiCall(messagesContract.send, { params: { id: orderId }, body: input }),
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
      apiCall(messagesContract.markRead, { params: { id: orderId, messageId }, body: { status: 'read' } }),
    onSuccess: (message) => {
      qc.setQueryData<Message[]>(messagesKey(orderId), (old) =>
        old?.map((m) => (m._id === message._id ? message : m)),
      );
      void qc.invalidateQueries({ queryKey: notificationKey });
      void qc.invalidateQueries({ queryKey: ['orders', 'list'] });
    },
  });
}
