import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate, useParams } from 'react-router';
import { orderFilesQueryOptions, useOrderFiles } from '../features/files/api/get-order-files.ts';
import { FilesPage } from '../features/files/components/files-page.tsx';
import { GeekFilesList } from '../features/files/components/geek-files-list.tsx';
import { ApiError } from '../lib/api-client.ts';
import { useOrder } from '../lib/order-queries.ts';
import s from './order.module.css';

export function meta() {
  return [{ title: 'Files from a Geek — Geekly' }];
}

/** docs/product/files.md: /order/{id}/geek-files, 'Files from a Geek'. */
export default function OrderGeekFilesRoute() {
  const { orderId = '' } = useParams();
  const order = useOrder(orderId);
  const files = useOrderFiles(orderId);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

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
  const o = order.data;
  if (o.deleted) return <Navigate to="/orders" replace />;
  const geekFiles = files.data.filter((f) => f.geek_file);
  const refresh = () =>
    // The download marks come from the server's record of the download, so the list is read again after it.
    setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: orderFilesQueryOptions(orderId).queryKey }),
      1000,
    );
  const firstDownload = !geekFiles.some((f) => f.downloaded);
  // docs/product/files.md: the first download of a Geek file may open the rating screen (when rating is possible).
  const afterDownload = () => {
    refresh();
    if (firstDownload && o.can.rate) setTimeout(() => navigate(`/order/${orderId}/rating`), 300);
  };
  return (
    <FilesPage title="Files from a Geek" backTo={`/order/${orderId}`}>
      <GeekFilesList
        orderId={orderId}
        files={geekFiles}
        fullyPaid={o.payment_state === 'fully_paid'}
        onDownload={afterDownload}
        onDownloadAll={afterDownload}
      />
    </FilesPage>
  );
}
