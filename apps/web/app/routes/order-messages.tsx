import { useParams } from 'react-router';
import { MessagesPanel } from '../features/messages/components/messages-panel.tsx';

export function meta() {
  return [{ title: 'Task messages — Geekly' }];
}

/** docs/product/messages.md: /order/{orderId}/messages, the messages panel over the task page. */
export default function OrderMessagesRoute() {
  const { orderId = '' } = useParams();
  return <MessagesPanel orderId={orderId} />;
}
