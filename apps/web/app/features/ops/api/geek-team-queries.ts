import { geekApplicationsContract } from '@geekly/domain/workspace/geek-applications-contract.ts';
import { geekPayContract } from '@geekly/domain/workspace/geek-pay-contract.ts';
import type {
  approveApplicationSchema,
  geekPayoutSchema,
} from '@geekly/domain/workspace/workspace-contract.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-call.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { opsToken, staffSession } from './ops-client.ts';

// The back office's side of the Geeks' workspace (issue 31): applications from /join-our-team, invitations to
// set a password, the Geeks' earnings, their payout requests and the payouts staff record (decision 036).

export type { OpsApplication } from '@geekly/domain/workspace/geek-applications-contract.ts';
export type { PayoutRequest } from '@geekly/domain/workspace/geek-pay-contract.ts';

const auth = { auth: staffSession };
const applicationsKey = ['ops', 'applications'] as const;
const payoutRequestsKey = ['ops', 'payout-requests'] as const;
const geekEarningsKey = ['ops', 'geek-earnings'] as const;

export const useApplications = () =>
  useQuery({
    queryKey: applicationsKey,
    queryFn: () =>
      apiCall(geekApplicationsContract.list, { query: { kind: 'geek' } }, auth).then((r) => r.results),
  });

/** Approving makes a Geek profile and its log-in; the Geeks list and the audit log change with it. */
function useGeekTeamChange<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: applicationsKey }),
        qc.invalidateQueries({ queryKey: payoutRequestsKey }),
        qc.invalidateQueries({ queryKey: ['ops', 'geeks'] }),
        qc.invalidateQueries({ queryKey: geekEarningsKey }),
        qc.invalidateQueries({ queryKey: ['ops', 'audit'] }),
      ]),
  });
}

export const useApproveApplication = () =>
  useGeekTeamChange(({ id, ...body }: { id: string } & z.input<typeof approveApplicationSchema>) =>
    apiCall(geekApplicationsContract.approve, { params: { id }, body }, auth),
  );

export const useRejectApplication = () =>
  useGeekTeamChange(({ id, reason }: { id: string; reason: string }) =>
    apiCall(geekApplicationsContract.reject, { params: { id }, body: { reason } }, auth),
  );

/** 'Invite': a one-time link (72 hours) by e-mail to set the password of this Geek profile's log-in. */
export const useInviteGeek = () =>
  useGeekTeamChange(({ id, email }: { id: string; email: string }) =>
    apiCall(geekApplicationsContract.invite, { params: { id }, body: { email } }, auth),
  );

export const usePayoutRequests = () =>
  useQuery({
    queryKey: payoutRequestsKey,
    queryFn: () => apiCall(geekPayContract.payoutRequests, {}, auth).then((r) => r.results),
  });

/** 'Record payout' (admin only): a ledger entry, never more than is owed (the server's 422 says so). */
export const useRecordPayout = () =>
  useGeekTeamChange((body: z.input<typeof geekPayoutSchema>) =>
    apiCall(geekPayContract.recordPayout, { body }, auth),
  );

/** Every Geek's earnings and tips, all time. */
export const useGeekEarnings = () =>
  useQuery({ queryKey: geekEarningsKey, queryFn: () => apiCall(geekPayContract.earnings, {}, auth) });

/** One Geek's earnings, tips and payouts, newest first. */
export const useGeekEarningHistory = (id: string) =>
  useQuery({
    queryKey: [...geekEarningsKey, id],
    queryFn: () => apiCall(geekPayContract.history, { params: { id } }, auth),
  });

/** The payout report for a period, as the CSV file the server writes (decision 036). */
export async function downloadPayoutReport(from: string, to: string) {
  const token = opsToken.get();
  const res = await fetch(
    `/api/v3${geekPayContract.payoutReport.path}?${new URLSearchParams({ from, to })}`,
    {
      credentials: 'omit',
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      signal: AbortSignal.timeout(30_000),
    },
  );
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { detail?: string; error_value?: unknown };
    throw new ApiError(res.status, body.detail ?? 'Unknown error', undefined, body.error_value);
  }
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `geek-payouts-${from}-${to}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
