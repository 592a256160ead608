import { GOOGLE_SIGN_IN_ERRORS, isGoogleSignInError } from '@geekly/domain/users/google-sign-in.ts';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useFinishAuth } from '../features/auth/api/finish-auth.ts';
import { useSignedInAtOpen } from '../features/auth/api/signed-in-at-open.ts';
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

/**
 * /login and /signup; `?google_error=` says why Sign in with Google came back without a session (decision 040).
 * A student already signed in goes to their tasks, without the form showing first (decision 041).
 */
export default function LoginRoute() {
  const location = useLocation();
  const signedIn = useSignedInAtOpen();
  const error = new URLSearchParams(location.search).get('google_error');
  if (signedIn === 'signed-in') return <Navigate to="/orders" replace />;
  if (signedIn === 'pending') return <div className="page-loading" aria-busy="true" />;
  return (
    <AuthPopupPage
      initialMode={location.pathname.startsWith('/signup') ? 'signup' : 'login'}
      notice={isGoogleSignInError(error) ? (GOOGLE_SIGN_IN_ERRORS[error] ?? undefined) : undefined}
    />
  );
}
