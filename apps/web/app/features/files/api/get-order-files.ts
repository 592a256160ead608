import type { OrderFileView } from '@geekly/domain/files/file-schemas.ts';
import { filesContract } from '@geekly/domain/files/files-contract.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call.ts';

export type OrderFile = OrderFileView;

/** GET /orders/{id}/files: the client's files and the Geek files the rules let through (docs/product/files.md). */
const getOrderFiles = (orderId: string) => apiCall(filesContract.list, { params: { id: orderId } });

export const orderFilesQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: ['orders', 'files', orderId],
    queryFn: () => getOrderFiles(orderId),
    select: (data) => data.files,
    // Files change behind the page's back (the Geek delivers): fetched again whenever a files page opens.
    refetchOnMount: 'always',
    meta: { handledStatuses: [404] },
  });

export const useOrderFiles = (orderId: string, enabled = true) =>
  useQuery({ ...orderFilesQueryOptions(orderId), enabled });

/** Where the browser downloads one file (302 to a signed address) and all of them as a zip. */
export const fileDownloadHref = (orderId: string, fileId: string) =>
  `/api/v3/orders/${encodeURIComponent(orderId)}/files/${encodeURIComponent(fileId)}/download`;
export const downloadAllHref = (orderId: string) =>
  `/api/v3/orders/${encodeURIComponent(orderId)}/files/download_all`;
