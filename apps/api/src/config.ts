import { isIP } from 'node:net';
import { z } from 'zod';
import { isProduction, productionReason, productionRefusals } from './production-mode.ts';

// The only module that reads process.env (README.md). A bad value stops start-up
// with a message naming the variable.
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const countryList = z
  .string()
  .transform((s) =>
    s
      .split(',')
      .map((c) => c.trim().toUpperCase())
      .filter(Boolean),
  )
  .pipe(
    z.array(z.string().regex(/^[A-Z]{2}$/, 'must be a comma-separated list of two-letter country codes')),
  );

/**
 * TRUST_PROXY (decision 028): how many proxies stand in front (`1` behind one Caddy), or the proxies' addresses
 * and CIDRs (`10.0.0.0/8,127.0.0.1`, or proxy-addr's names `loopback`, `linklocal`, `uniquelocal`). Never
 * `true`: trusting every X-Forwarded-For hop lets a client write its own address and escape every limit.
 */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyAddress = (entry: string) => {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
};
const trustProxy = z.string().transform((raw, ctx): false | number | string[] => {
  const value = raw.trim().toLowerCase();
  if (value === 'false' || value === 'no' || value === '0') return false;
  if (value === 'true' || value === 'yes') {
    ctx.addIssue({
      code: 'custom',
      message:
        'trusts every X-Forwarded-For hop, so a client could choose its own address; give the number of ' +
        'proxies in front (TRUST_PROXY=1 behind one) or their addresses/CIDRs, comma-separated',
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(value)) return Number(value);
  const list = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (list.length === 0 || !list.every(isProxyAddress)) {
    ctx.addIssue({
      code: 'custom',
      message:
        'must be false, a number of proxy hops (e.g. 1) or a comma-separated list of proxy addresses/CIDRs',
    });
    return z.NEVER;
  }
  return list;
});

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    /**
     * Decision 031: lets a production-mode site (a staging site) run the sandbox gateway; the web app then shows
     * on every page that payments are not real.
     */
    ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: booleanFlag.default(false),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    PUBLIC_URL: z.url().optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    STORAGE: z.enum(['local', 's3']).default('local'),
    /** Unset: AWS itself. */
    S3_ENDPOINT: z.url().optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_BUCKET: z.string().min(3).max(63).optional(),
    /** Unset: the AWS SDK's default credential chain (environment, instance role…). */
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: booleanFlag.default(false),
    MAIL: z.enum(['files', 'smtp']).default('files'),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().default('Geekly <support@geekly.example>'),
    /** SMS codes (decision 018): `files` writes them under DATA_DIR/sms; `twilio` sends them. */
    SMS: z.enum(['files', 'twilio']).default('files'),
    TWILIO_ACCOUNT_SID: z.string().startsWith('AC', 'must be a Twilio account SID (AC…)').optional(),
    TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
    TWILIO_FROM: z
      .string()
      .regex(/^\+\d{4,15}$/, 'must be a phone number like +15005550006')
      .optional(),
    GATEWAY: z.enum(['sandbox', 'stripe']).default('sandbox'),
    STRIPE_SECRET_KEY: z.string().startsWith('sk_', 'must be a Stripe secret key (sk_…)').optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .startsWith('whsec_', 'must be a Stripe webhook secret (whsec_…)')
      .optional(),
    // docs/product/payments-and-ledger.md: currency, company and vendor of the gateway form come from configuration.
    PAYMENT_CURRENCY: z
      .string()
      .regex(/^[A-Z]{3}$/, 'must be a three-letter currency code')
      .default('USD'),
    PAYMENT_COMPANY: z.string().min(1).default('Geekly'),
    /** Minutes a gateway payment session stays open. */
    PAYMENT_SESSION_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(30),
    BLOCKED_COUNTRIES: countryList.default(['GB']),
    TRUST_PROXY: trustProxy.default(false),
    /**
     * Decision 063: after SIGTERM, the seconds a process goes on serving while its /ready answers 503, so the
     * proxy's health check (Caddy's: every second, a 2 s timeout) stops choosing it before it closes. Unset: 3
     * behind a proxy (TRUST_PROXY), 0 otherwise.
     */
    SHUTDOWN_DELAY_SECONDS: z.coerce.number().min(0).max(60).optional(),
    /**
     * Decision 052: the request header in which the proxy in front (a CDN such as Cloudflare: `cf-ipcountry`)
     * writes the client's country. Unset (the default), no header is trusted and the offline IP database
     * decides; it is read only with TRUST_PROXY, and that proxy must overwrite what a client sends.
     */
    COUNTRY_HEADER: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]+$/, 'must be a header name such as cf-ipcountry')
      .optional(),
    SEED_DEMO: booleanFlag.default(true),
    /** Sign-ups and applications allowed per client address per hour. */
    SIGNUP_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
    /** Decision 027: open event streams per user and API process; one more closes the user's oldest. */
    EVENT_STREAMS_PER_USER: z.coerce.number().int().min(1).max(100_000).default(10),
    /** Decision 030: presigned uploads a client may ask for per hour. */
    UPLOADS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(100),
    /** Decision 030: megabytes of uploads a client may sign per day (counted as signed, retries included). */
    UPLOAD_MB_PER_DAY: z.coerce.number().int().min(50).max(1_000_000).default(2048),
    /** Decision 030: messages a client may send on one task per minute. */
    MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
    /** Decision 052: messages a client may send per minute across all their tasks. */
    STUDENT_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(40),
    /** Decision 052: tasks a client may create per hour. */
    NEW_TASKS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
    /** Decision 030: SMS codes sent to one phone number per day, whichever accounts asked. */
    SMS_CODES_PER_PHONE_PER_DAY: z.coerce.number().int().min(1).max(100_000).default(10),
    /** Decision 030: SMS codes asked for from one client address per hour, whichever accounts asked. */
    SMS_CODES_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(30),
    /**
     * Decision 048: a Geek's delivery (deliver, deliver_revision) waits for staff's quality check before the
     * student sees it; false: it reaches the student at once.
     */
    GEEK_DELIVERY_CHECK: booleanFlag.default(true),
    /** The commit this release was built from, for /health and `geekly_build_info`; read from git when unset. */
    BUILD_COMMIT: z.string().trim().min(1).max(64).optional(),
    /** Decision 060: where `npm run backup` writes (one folder per backup, and the shared `objects/` store). */
    BACKUP_DIR: z.string().min(1).default('./backups'),
    /** Decision 060: the age public key backups are encrypted to (`age-keygen`); required in production mode. */
    BACKUP_AGE_RECIPIENT: z
      .string()
      .regex(/^age1[02-9ac-hj-np-z]{58}$/, 'must be an age public key (age1…, as age-keygen prints it)')
      .optional(),
    /** Decision 060: the age identity file `npm run restore` decrypts with (kept off the server). */
    BACKUP_AGE_IDENTITY: z.string().min(1).optional(),
    /** Decision 060: backups kept: the newest of each of this many days… */
    BACKUP_KEEP_DAILY: z.coerce.number().int().min(1).max(366).default(7),
    /** …and the newest of each of this many weeks. */
    BACKUP_KEEP_WEEKLY: z.coerce.number().int().min(0).max(520).default(4),
    /**
     * Decision 063: with STORAGE=s3, `npm run backup` copies the bucket to this bucket (under BACKUP_S3_PREFIX),
     * new and changed objects only. The endpoint, region and key default to the bucket's (S3_*); set them for a
     * copy in another account or region.
     */
    BACKUP_S3_BUCKET: z.string().min(3).max(63).optional(),
    BACKUP_S3_PREFIX: z
      .string()
      .regex(/^([^/].*\/)?$/, 'must be empty or end with / (e.g. geekly-files/)')
      .default(''),
    BACKUP_S3_ENDPOINT: z.url().optional(),
    BACKUP_S3_REGION: z.string().min(1).optional(),
    BACKUP_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    BACKUP_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** Decision 059: hours an upload signed but never attached is kept after its policy expired, then removed. */
    RETENTION_UNCLAIMED_UPLOAD_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 365)
      .default(24),
    /** Decision 059: days a one-time log-in link is kept (hashed) after it expired, then deleted. */
    RETENTION_LOGIN_LINK_DAYS: z.coerce.number().int().min(0).max(3650).default(7),
    /** Decision 059: hours a live event is kept for a reconnecting stream to replay, then deleted. */
    RETENTION_LIVE_EVENT_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 30)
      .default(24),
    /** Decision 021: the largest refund (US dollars) a `support` staff account may give; admins have no limit. */
    SUPPORT_REFUND_LIMIT: z.coerce.number().min(0).max(1_000_000).default(100),
    /**
     * Decision 029: the most money (US dollars) one `support` account may move in any 24 hours, across balance
     * credits, accepted refund requests and partial refunds; admins have no limit.
     */
    SUPPORT_DAILY_LIMIT: z.coerce.number().min(0).max(10_000_000).default(500),
    /**
     * Decision 022: minutes from a task's payment to the demo autopilot's delivery (fractions allowed); 0 turns
     * it off. Unset: 10 with the demo data (SEED_DEMO), otherwise off.
     */
    AUTOPILOT_MINUTES: z.coerce
      .number()
      .min(0)
      .max(24 * 60)
      .optional(),
    /**
     * Decision 040: Sign in with Google (OpenID Connect). Both set: the log-in and sign-up dialogs show the button;
     * unset: no button and its routes answer 404. The issuer is Google's unless a test points it elsewhere.
     */
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    GOOGLE_ISSUER: z
      .url()
      .regex(/^https?:\/\//, 'must be an http:// or https:// URL')
      .default('https://accounts.google.com'),
    /** Decision 032: GET /api/v3/metrics answers only `Authorization: Bearer $METRICS_TOKEN`; unset, it is a 404. */
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .superRefine((env, ctx) => {
    if (env.GATEWAY === 'stripe') {
      for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const)
        if (!env[name])
          ctx.addIssue({ code: 'custom', path: [name], message: 'is required when GATEWAY=stripe' });
    }
    if (env.STORAGE === 's3' && !env.S3_BUCKET)
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when STORAGE=s3' });
    if (Boolean(env.BACKUP_S3_ACCESS_KEY_ID) !== Boolean(env.BACKUP_S3_SECRET_ACCESS_KEY))
      ctx.addIssue({
        code: 'custom',
        path: [env.BACKUP_S3_ACCESS_KEY_ID ? 'BACKUP_S3_SECRET_ACCESS_KEY' : 'BACKUP_S3_ACCESS_KEY_ID'],
        message: 'BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY go together',
      });
    if (env.BACKUP_S3_BUCKET && env.BACKUP_S3_BUCKET === env.S3_BUCKET && !env.BACKUP_S3_ENDPOINT)
      ctx.addIssue({
        code: 'custom',
        path: ['BACKUP_S3_BUCKET'],
        message:
          'must be another bucket than S3_BUCKET (a prefix of the bucket itself would be copied into itself)',
      });
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY))
      ctx.addIssue({
        code: 'custom',
        path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
      });
    if (env.SMS === 'twilio') {
      for (const name of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const)
        if (!env[name])
          ctx.addIssue({ code: 'custom', path: [name], message: 'is required when SMS=twilio' });
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET))
      ctx.addIssue({
        code: 'custom',
        path: [env.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID'],
        message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together',
      });
    if (env.MAIL === 'smtp' && !env.SMTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'is required when MAIL=smtp' });
    }
  });

export type Config = Omit<
  z.output<typeof envSchema>,
  'PUBLIC_URL' | 'AUTOPILOT_MINUTES' | 'SHUTDOWN_DELAY_SECONDS'
> & {
  PUBLIC_URL: string;
  SHUTDOWN_DELAY_SECONDS: number;
  /** Decision 031: NODE_ENV=production or an https PUBLIC_URL; every demo part was refused at start-up. */
  PRODUCTION: boolean;
  /** 0: the demo autopilot is off. */
  AUTOPILOT_MINUTES: number;
};

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings mean "not set", as in most .env tooling.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(cleaned);
  const invalid = result.success
    ? []
    : result.error.issues.map((i) => {
        const name = String(i.path[0] ?? 'environment');
        return `  ${name}=${JSON.stringify(cleaned[name] ?? '')}: ${i.message}`;
      });
  const refused = productionCheck(cleaned);
  if (!result.success || refused.length > 0) {
    const parts = invalid.length > 0 ? [`Invalid configuration:\n${invalid.join('\n')}`] : [];
    if (refused.length > 0) parts.push(refused.join('\n'));
    throw new ConfigError(parts.join('\n'));
  }
  const cfg = result.data;
  return {
    ...cfg,
    PUBLIC_URL: cfg.PUBLIC_URL ?? `http://localhost:${cfg.PORT}`,
    PRODUCTION: isProduction(cfg),
    AUTOPILOT_MINUTES: cfg.AUTOPILOT_MINUTES ?? (cfg.SEED_DEMO ? 10 : 0),
    SHUTDOWN_DELAY_SECONDS: cfg.SHUTDOWN_DELAY_SECONDS ?? (cfg.TRUST_PROXY === false ? 0 : 3),
  };
}

/**
 * Decision 031: in production mode, every demo part in effect, with the variable that fixes it, as one block of
 * the start-up message. Each setting is read as the schema reads it, on its own, so that a bad value elsewhere
 * does not hide these.
 */
function productionCheck(cleaned: Record<string, string | undefined>): string[] {
  const field = <K extends keyof typeof envSchema.shape>(name: K) => {
    const parsed = envSchema.shape[name].safeParse(cleaned[name]);
    return parsed.success ? (parsed.data as z.output<(typeof envSchema.shape)[K]>) : undefined;
  };
  const settings = {
    NODE_ENV: field('NODE_ENV'),
    PUBLIC_URL: field('PUBLIC_URL'),
    SEED_DEMO: field('SEED_DEMO'),
    GATEWAY: field('GATEWAY'),
    ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: field('ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION'),
    SMS: field('SMS'),
    MAIL: field('MAIL'),
    DATABASE_URL: field('DATABASE_URL'),
    STORAGE: field('STORAGE'),
    STORAGE_SET: cleaned.STORAGE !== undefined,
    JWT_SECRET_SET: cleaned.JWT_SECRET !== undefined,
    GOOGLE_ISSUER: field('GOOGLE_ISSUER'),
    HOST: field('HOST'),
    TRUST_PROXY: field('TRUST_PROXY'),
  };
  const refusals = productionRefusals(settings);
  if (refusals.length === 0) return [];
  return [
    `Geekly will not start in production mode (${productionReason(settings)}) with demo parts in effect. Set:`,
    ...refusals.map((r) => `  ${r}`),
  ];
}
