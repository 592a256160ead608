import type { AnchorHTMLAttributes } from 'react';
import { AUTH_EVENT, type AuthRequest } from './auth-request.ts';

// The islands' stand-in for 'react-router' (decision 033): the public pages run no router, so a link is a
// plain <a> (a real page load) and a navigation is a page load too, except to /login and /signup, which open
// the auth popup island over the page. Only what the public components use is here.

export type To = string;
type NavigateOptions = { replace?: boolean };

export function navigate(to: To | number, options: NavigateOptions = {}) {
  if (typeof to === 'number') {
    history.go(to);
    return;
  }
  if (to === '/login' || to === '/signup') {
    const detail: AuthRequest = {
      mode: to === '/signup' ? 'signup' : 'login',
      replace: Boolean(options.replace),
    };
    window.dispatchEvent(new CustomEvent(AUTH_EVENT, { detail }));
    return;
  }
  if (options.replace) window.location.replace(to);
  else window.location.assign(to);
}

export const useNavigate = () => navigate;

export function useLocation() {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, state: history.state as unknown, key: 'default' };
}

type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { to: To; replace?: boolean };

export function Link({ to, replace: _replace, ...rest }: LinkProps) {
  return <a href={to} {...rest} />;
}
