import type {
  approveApplicationSchema,
  geekPayoutSchema,
  inviteGeekResponseSchema,
  opsApplicationsResponseSchema,
  opsGeekProfileSchema,
  payoutRequestsResponseSchema,
} from '@geekly/domain/workspace/workspace-contract.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { opsApi } from './ops-client.ts';

// The back office's side of the Geeks' workspace (issue 31): applications from /join-our-team, invitations to
// set a password, the Geeks' payout requests and the payouts staff record.

export type OpsApplication = z.output<typeof opsApplicationsResponseSchema>['results'][number];
export type PayoutRequest = z.output<typeof payoutRequestsResponseSchema>['results'][number];

const applicationsKey = ['ops', 'applications'] as const;
const payoutRequestsKey = ['ops', 'payout-requests'] as const;

export const useApplications = () =>
  useQuery({
    queryKey: applicationsKey,
    queryFn: () =>
      opsApi<z.output<typeof opsApplicationsResponseSchema>>('/ops/applications?kind=geek').then(
        (r) => r.results,
      ),
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
        qc.invalidateQueries({ queryKey: ['ops', 'geek-earnings'] }),
        qc.invalidateQueries({ queryKey: ['ops', 'audit'] }),
      ]),
  });
}

export const useApproveApplication = () =>
  useGeekTeamChange(({ id, ...body }: { id: string } & z.input<typeof approveApplicationSchema>) =>
    opsApi<z.output<typeof opsGeekProfileSchema>>(`/ops/applications/${encodeURIComponent(id)}/approve`, {
      body,
    }),
  );

export const useRejectApplication = () =>
  useGeekTeamChange(({ id, reason }: { id: string; reason: string }) =>
    opsApi(`/ops/applications/${encodeURIComponent(id)}/reject`, { body: { reason } }),
  );

/** 'Invite': a one-time link (72 hours) by e-mail to set the password of this Geek profile's log-in. */
export const useInviteGeek = () =>
  useGeekTeamChange(({ id, email }: { id: string; email: string }) =>
    opsApi<z.output<typeof inviteGeekResponseSchema>>(`/ops/geeks/${encodeURIComponent(id)}/invite`, {
      body: { email },
    }),
  );

export const usePayoutRequests = () =>
  useQuery({
    queryKey: payoutRequestsKey,
    queryFn: () =>
      opsApi<z.output<typeof payoutRequestsResponseSchema>>('/ops/payout-requests').then((r) => r.results),
  });

/** 'Record payout' (admin only): a ledger entry, never more than is owed (the server's 422 says so). */
export const useRecordPayout = () =>
  useGeekTeamChange((body: z.input<typeof geekPayoutSchema>) => opsApi('/ops/geek-payouts', { body }));
