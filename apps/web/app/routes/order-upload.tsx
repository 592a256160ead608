import { useEffect } from 'react';
import { Navigate, useMatches, useParams } from 'react-router';
import { useOrderFiles } from '../features/files/api/get-order-files.ts';
import { FilesPage } from '../features/files/components/files-page.tsx';
import { TaskFiles } from '../features/files/components/task-files.tsx';
import { ApiError } from '../lib/api-client.ts';
import { useOrder } from '../lib/order-queries.ts';
import s from './order.module.css';

export function meta() {
  return [{ title: 'Task files — Geekly' }];
}

/** docs/product/tasks-and-pricing.md: /order/{id}/upload and /neworder/{id}/upload, 'Task files'. */
export default function OrderUploadRoute() {
  const { orderId = '' } = useParams();
  const flow = useMatches().some((m) => m.id === 'neworder-upload') ? 'neworder' : 'order';
  const order = useOrder(orderId);
  const files = useOrderFiles(orderId);
  // docs/product/tasks-and-pricing.md: the page scrolls to the top when it opens. In braces: Chromium's scrollTo now answers a
  // promise, which React would take for the effect's cleanup and call on leaving (a crash on Back).
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, []);

  const failed = order.error ?? files.error;
  if (failed) {
    if (failed instanceof ApiError && failed.status === 404) return <Navigate to="/orders" replace />;
    return (
      <p role="alert" className="form-error">
        {failed.message}
      </p>
    );
  }
  if (!order.data || !files.data)
    return <div className={s.loading} role="status" aria-busy="true" aria-label="Loading" />;
  if (order.data.deleted) return <Navigate to="/orders" replace />;
  return (
    <FilesPage title="Task files" backTo={`/${flow}/${orderId}`}>
      <TaskFiles
        orderId={orderId}
        files={files.data.filter((f) => !f.geek_file)}
        canRemove={order.data.can.remove_client_files}
      />
    </FilesPage>
  );
}
