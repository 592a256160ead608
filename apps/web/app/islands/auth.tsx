import { useState } from 'react';
import { useFinishAuth } from '../features/auth/api/finish-auth.ts';
import { AuthDialog, type AuthMode } from '../features/auth/components/auth-dialog.tsx';
import { mountInBody } from './mount.ts';

const PATHS: Record<'login' | 'signup', string> = { login: '/login', signup: '/signup' };

type Props = { initialMode: AuthMode; onClose: () => void };

/**
 * docs/product/public-site.md "Auth popup" over a public page, as the app's /login and /signup show it: the same dialog, its
 * address follows the tab, and a log-in or sign-up ends with a real page load into the app (the pending task
 * is created first and its checkout opens; useFinishAuth).
 */
function AuthIsland({ initialMode, onClose }: Props) {
  const finishAuth = useFinishAuth();
  const [mode, setMode] = useState<AuthMode>(initialMode);
  return (
    <AuthDialog
      mode={mode}
      onModeChange={(next) => {
        setMode(next);
        if (next !== 'restore') history.replaceState(history.state, '', PATHS[next]);
      }}
      onClose={onClose}
      onSuccess={() => finishAuth()}
    />
  );
}

let unmount: (() => void) | null = null;

/** Opens the popup (at most one), at /login or /signup; closing it brings back the page's own address. */
export function openAuth(mode: 'login' | 'signup', replace: boolean) {
  if (unmount) return;
  const page = window.location.pathname + window.location.search + window.location.hash;
  const pushed = !replace;
  if (pushed) history.pushState({ geeklyAuth: true }, '', PATHS[mode]);
  else history.replaceState(history.state, '', PATHS[mode]);

  const onPopState = () => close(false);
  function close(goBack: boolean) {
    window.removeEventListener('popstate', onPopState);
    unmount?.();
    unmount = null;
    if (goBack && pushed) history.back();
    else if (goBack) history.replaceState(null, '', page);
  }
  window.addEventListener('popstate', onPopState);
  unmount = mountInBody(<AuthIsland initialMode={mode} onClose={() => close(true)} />);
}
