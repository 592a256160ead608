import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AuthDialog, type AuthMode } from '../features/auth/components/auth-dialog.tsx';
import { takeReturnTo } from '../lib/return-to.ts';
import { HomeContent } from './home.tsx';

export function meta() {
  return [{ title: 'Log in — Geekly' }];
}

/** /login and /signup: the auth popup over the home page; closing it goes to '/'. */
export default function LoginRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const [mode, setMode] = useState<AuthMode>(location.pathname.startsWith('/signup') ? 'signup' : 'login');
  return (
    <>
      <HomeContent />
      <AuthDialog
        mode={mode}
        onModeChange={(next) => {
          setMode(next);
          if (next !== 'restore') navigate(next === 'signup' ? '/signup' : '/login', { replace: true });
        }}
        onClose={() => navigate('/')}
        onSuccess={() => navigate(takeReturnTo(), { replace: true })}
      />
    </>
  );
}
