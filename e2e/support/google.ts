// Decision 040: the stories' stand-in for Google, an OpenID Connect provider (oidc-provider) on loopback that
// playwright.config.ts starts beside the server (support/oidc-provider-server.ts) and hands to it as GOOGLE_*.
export const googleProvider = (appPort: number) => {
  const port = appPort + 1000;
  return {
    port,
    issuer: `http://127.0.0.1:${port}`,
    clientId: 'geekly-e2e',
    clientSecret: 'geekly-e2e-secret-0123456789abcdef',
    redirectUri: `http://localhost:${appPort}/api/v3/auth/google/callback`,
  };
};
