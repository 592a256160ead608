import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-aria-components';
import { NavLink, Outlet, useHref, useNavigate } from 'react-router';
import { LiveAnnouncer } from '../components/live-announcer.tsx';
import { useRouteFocus } from '../components/use-route-focus.ts';
import { logOutStaff, onOpsSessionEnded, opsQueryClient, opsToken } from '../features/ops/api/ops-client.ts';
import { useOpsLiveUpdates } from '../features/ops/api/ops-live.ts';
import { useStaffMe } from '../features/ops/api/ops-queries.ts';
import { StaffLogin } from '../features/ops/components/staff-login.tsx';
import { OpsButton, opsStyles as s } from '../features/ops/components/widgets.tsx';
import { ApiError } from '../lib/api-client.ts';

export function meta() {
  return [{ title: 'Back office — Geekly' }, { name: 'robots', content: 'noindex' }];
}

/**
 * /ops: the staff's back office (decision 021), its own code-split routes and cache. Without a staff token it
 * shows only its log-in form; a student's cookie is never sent to the operator API.
 */
export default function OpsLayout() {
  return (
    <QueryClientProvider client={opsQueryClient}>
      <OpsShell />
    </QueryClientProvider>
  );
}

function OpsShell() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [token, setToken] = useState(() => opsToken.get());
  // The server refused the token (expired, logged out elsewhere, ended by an admin) or another tab logged out.
  const [ended, setEnded] = useState(false);
  const me = useStaffMe(token !== null);
  const refused =
    ended || (me.error instanceof ApiError && (me.error.status === 401 || me.error.status === 403));
  // The queue and task pages follow the staff event stream instead of polling.
  useOpsLiveUpdates(Boolean(me.data) && !refused);
  useRouteFocus('main');
  useEffect(
    () =>
      onOpsSessionEnded(() => {
        qc.clear();
        setToken(null);
        setEnded(true);
      }),
    [qc],
  );
  const [leaving, setLeaving] = useState(false);
  // Log out revokes the session on the server (decision 027), not only here.
  const signOut = async () => {
    setLeaving(true);
    await logOutStaff();
    qc.clear();
    setLeaving(false);
    setEnded(false);
    setToken(null);
  };
  if (!token || refused)
    return (
      <div className={s.shell}>
        <StaffLogin
          notice={refused ? 'Your session has ended. Please log in again.' : undefined}
          onSignedIn={() => {
            qc.clear();
            setEnded(false);
            setToken(opsToken.get());
          }}
        />
      </div>
    );
  if (me.isError)
    return (
      <p role="alert" className={s.main}>
        The back office cannot reach the server. Please try again in a few minutes.
      </p>
    );
  if (!me.data) return <div className={s.shell} aria-busy="true" />;
  return (
    // React Aria's links and link rows navigate through the router.
    <RouterProvider navigate={navigate} useHref={useHref}>
      <div className={`${s.shell} ops-shell`}>
        <nav className={s.bar} aria-label="Back office">
          <span className={s.brand}>Geekly ops</span>
          <NavLink to="/ops" end>
            Queue
          </NavLink>
          <NavLink to="/ops/geeks">Geeks</NavLink>
          <NavLink to="/ops/applications">Applications</NavLink>
          <NavLink to="/ops/audit">Audit log</NavLink>
          {me.data.staff_role === 'admin' ? <NavLink to="/ops/staff">Staff</NavLink> : null}
          <span className={s.who}>
            <span>
              {me.data.email} ({me.data.staff_role})
            </span>
            <OpsButton variant="secondary" onPress={signOut} isDisabled={leaving}>
              Log out
            </OpsButton>
          </span>
        </nav>
        <main className={s.main}>
          <Outlet context={me.data} />
        </main>
        <LiveAnnouncer />
      </div>
    </RouterProvider>
  );
}
