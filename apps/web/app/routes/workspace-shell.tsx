import { WORKSPACE_MESSAGES } from '@geekly/domain/workspace/workspace-contract.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { Button } from '../components/button.tsx';
import { geekSession } from '../features/workspace/api/workspace-client.ts';
import { useWorkspaceLiveUpdates } from '../features/workspace/api/workspace-live.ts';
import { useGeekMe, useMyTasks } from '../features/workspace/api/workspace-queries.ts';
import { NewPasswordForm } from '../features/workspace/components/new-password-form.tsx';
import { UnreadMark } from '../features/workspace/components/unread-mark.tsx';
import s from '../features/workspace/components/workspace.module.css';
import { ApiError } from '../lib/api-client.ts';

/**
 * The signed-in workspace: without a Geek token it sends to /workspace/login (and back here afterwards); a Geek
 * whose password must be changed sees only the new-password form until it is changed.
 */
export default function WorkspaceShell() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [token, setToken] = useState(() => geekSession.token.get());
  const [ended, setEnded] = useState(false);
  const me = useGeekMe(token !== null);
  const tasks = useMyTasks(Boolean(me.data) && !me.data?.must_change_password);
  // The tasks loaded so far (the first page: the latest deadlines, the tasks in hand).
  const unread = (tasks.tasks ?? []).reduce((n, t) => n + t.unread_messages, 0);
  const refused = ended || (me.error instanceof ApiError && me.error.status === 401);
  const mustChange =
    me.data?.must_change_password === true ||
    (me.error instanceof ApiError && me.error.text === WORKSPACE_MESSAGES.mustChangePassword);
  useWorkspaceLiveUpdates(Boolean(me.data) && !refused && !mustChange);
  useEffect(
    () =>
      geekSession.onEnded(() => {
        qc.clear();
        setToken(null);
        setEnded(true);
      }),
    [qc],
  );
  const [leaving, setLeaving] = useState(false);
  // Log out revokes the token on the server (POST /workspace/logout), not only here.
  const logOut = async () => {
    setLeaving(true);
    await geekSession.logOut();
    qc.clear();
    navigate('/workspace/login', { replace: true });
  };

  if (!token || refused) {
    // A Geek who logs out goes to the plain log-in form, even when a call refused the revoked token first.
    if (leaving) return <Navigate to="/workspace/login" replace />;
    const next = `${location.pathname}${location.search}`;
    const search = new URLSearchParams({ next });
    if (ended) search.set('ended', '1');
    return <Navigate to={`/workspace/login?${search}`} replace />;
  }
  if (mustChange)
    return (
      <NewPasswordForm
        onChanged={() => {
          setToken(geekSession.token.get());
          void qc.invalidateQueries();
        }}
      />
    );
  if (me.isError)
    return (
      <main className={s.main}>
        <p role="alert" className={s.alert}>
          The workspace cannot reach the server. Please try again in a few minutes.
        </p>
      </main>
    );
  if (!me.data) return <div className={s.shell} aria-busy="true" />;
  return (
    <div className={s.shell}>
      <header className={s.bar}>
        <span className={s.brand}>Geekly workspace</span>
        <nav className={s.nav} aria-label="Workspace">
          <NavLink to="/workspace" end>
            Offers
          </NavLink>
          <NavLink to="/workspace/tasks">
            My tasks <UnreadMark count={unread} />
          </NavLink>
          <NavLink to="/workspace/earnings">Earnings</NavLink>
          <NavLink to="/workspace/profile">Profile</NavLink>
        </nav>
        <span className={s.who}>
          <span className={s.hideNarrow}>{me.data.public_full_name}</span>
          <span className={me.data.available ? s.badgeOk : s.badgeWarn}>
            {me.data.available ? 'Available' : 'Away'}
          </span>
          <Button variant="secondary" type="button" onClick={logOut} disabled={leaving}>
            Log out
          </Button>
        </span>
      </header>
      <main className={s.main}>
        <Outlet context={me.data} />
      </main>
    </div>
  );
}
