/** Where the auth popup island listens (islands/main.ts): a navigation to /login or /signup on a public page. */
export const AUTH_EVENT = 'geekly:auth';
export type AuthRequest = { mode: 'login' | 'signup'; replace: boolean };
