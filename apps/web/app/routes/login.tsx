import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useFinishAuth } from '../features/auth/api/finish-auth.ts';
import { AuthDialog, type AuthMode } from '../features/auth/components/auth-dialog.tsx';
import { HomeContent } from './home.tsx';

export function meta() {
  return [{ title: 'Log in — Geekly' }];
}

/** The auth popup over the home page; closing it goes to '/'. `notice` explains why it opened. */
export function AuthPopupPage({ initialMode, notice }: { initialMode: AuthMode; notice?: string }) {
  const navigate = useNavigate();
  const finishAuth = useFinishAuth();
  const [mode, setMode] = useState<AuthMode>(initialMode);
  return (
    <>
      <HomeContent />
      <AuthDialog
        mode={mode}
        notice={notice}
        onModeChange={(next) => {
          setMode(next);
          if (next !== 'restore') navigate(next === 'signup' ? '/signup' : '/login', { replace: true });
        }}
        onClose={() => navigate('/')}
        onSuccess={() => finishAuth()}
      />
    </>
  );
}

/** /login and /signup. */
export default function LoginRoute() {
  const location = useLocation();
  return <AuthPopupPage initialMode={location.pathname.startsWith('/signup') ? 'signup' : 'login'} />;
}
