// Decision 031: production mode refuses every demo part it finds, in one message. config.ts calls this with the
// settings as it parsed them, one by one (a setting that failed to parse is reported there and is undefined here).

/** What the production check reads; `STORAGE_SET` says whether STORAGE was given at all (not the default). */
type ProductionSettings = {
  NODE_ENV?: 'development' | 'production' | 'test';
  PUBLIC_URL?: string;
  SEED_DEMO?: boolean;
  GATEWAY?: 'sandbox' | 'stripe';
  ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION?: boolean;
  SMS?: 'files' | 'twilio';
  MAIL?: 'files' | 'smtp';
  DATABASE_URL?: string;
  STORAGE?: 'local' | 's3';
  STORAGE_SET: boolean;
  JWT_SECRET_SET: boolean;
  GOOGLE_ISSUER?: string;
  HOST?: string;
  TRUST_PROXY?: false | number | string[];
};

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/** Production mode: `NODE_ENV=production`, or a `PUBLIC_URL` on https (a site on the internet). */
export function isProduction(s: Pick<ProductionSettings, 'NODE_ENV' | 'PUBLIC_URL'>): boolean {
  return s.NODE_ENV === 'production' || (s.PUBLIC_URL ?? '').toLowerCase().startsWith('https://');
}

/** Why production mode is on, for the message. */
export function productionReason(s: Pick<ProductionSettings, 'NODE_ENV' | 'PUBLIC_URL'>): string {
  return s.NODE_ENV === 'production' ? 'NODE_ENV=production' : `PUBLIC_URL=${s.PUBLIC_URL} is https`;
}

/**
 * Each demo or unsafe part in effect, as `NAME: what is wrong — what to set`. Empty outside production mode
 * and for a complete production environment.
 */
export function productionRefusals(s: ProductionSettings): string[] {
  if (!isProduction(s)) return [];
  const out: string[] = [];
  if (s.SEED_DEMO !== false)
    out.push(
      'SEED_DEMO: the demo data (a demo student with a published password, demo tasks; on by default) is on — set SEED_DEMO=false',
    );
  if (s.GATEWAY === 'sandbox' && s.ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION !== true)
    out.push(
      'GATEWAY: the sandbox gateway (the default) takes test cards such as 4242 4242 4242 4242 as payment — set GATEWAY=stripe with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (a staging site whose payments are not real may set ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION=true instead)',
    );
  if (s.SMS === 'files')
    out.push(
      'SMS: text messages are written to files under DATA_DIR (the default) — set SMS=twilio with TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM',
    );
  if (s.MAIL === 'files')
    out.push('MAIL: mail is written to files under DATA_DIR (the default) — set MAIL=smtp with SMTP_URL');
  if (!s.DATABASE_URL)
    out.push(
      'DATABASE_URL: not set, so the embedded database in DATA_DIR is used (one process, no server) — set DATABASE_URL=postgres://…',
    );
  if (s.STORAGE === 'local' && !s.STORAGE_SET)
    out.push(
      "STORAGE: not set, so uploaded files go to this machine's disk under DATA_DIR — set STORAGE=s3 with S3_BUCKET (and S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY as needed), or STORAGE=local to keep them on this disk on purpose",
    );
  if (!s.JWT_SECRET_SET)
    out.push(
      'JWT_SECRET: not set, so a session secret is generated into DATA_DIR (each process would have its own) — set JWT_SECRET to a random string of at least 32 characters (e.g. `openssl rand -base64 48`)',
    );
  if (s.GOOGLE_ISSUER?.toLowerCase().startsWith('http://'))
    out.push(
      `GOOGLE_ISSUER: ${s.GOOGLE_ISSUER} is http, so Sign in with Google would trust an identity provider reached without TLS — unset it (Google's https://accounts.google.com) or give an https issuer`,
    );
  // Listening on loopback only, the process is reached through a proxy on this machine (deploy/: Caddy): without
  // TRUST_PROXY every client has the proxy's address and one client's limits stop everyone.
  if (s.HOST && LOOPBACK.has(s.HOST) && s.TRUST_PROXY === false)
    out.push(
      `TRUST_PROXY: HOST=${s.HOST} is reached only through a proxy on this machine, and TRUST_PROXY is unset, so every client would have the proxy's address and share its limits (sign-ups, log-ins, uploads) — set TRUST_PROXY=1 behind one Caddy, or the proxies' addresses (deploy/ENVIRONMENT.md)`,
    );
  // A JWT_SECRET that is set but short is refused in every mode, in the same message (config.ts).
  return out;
}
