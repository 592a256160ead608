import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      STORAGE: 'local',
      MAIL: 'files',
      GATEWAY: 'sandbox',
      BLOCKED_COUNTRIES: ['GB'],
      TRUST_PROXY: false,
      PUBLIC_URL: 'http://localhost:3000',
    });
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ MAIL: 'smtp' }, 'SMTP_URL'],
    [{ BLOCKED_COUNTRIES: 'GB,United Kingdom' }, 'BLOCKED_COUNTRIES'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.1, example.com' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '-1' }, 'TRUST_PROXY'],
    [{ STORAGE: 's3' }, 'S3_BUCKET'],
    [{ STORAGE: 'disk' }, 'STORAGE'],
    [{ STORAGE: 's3', S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'AKIA' }, 'S3_SECRET_ACCESS_KEY'],
    [{ STORAGE: 's3', S3_BUCKET: 'files', S3_ENDPOINT: 'not a url' }, 'S3_ENDPOINT'],
    [{ S3_FORCE_PATH_STYLE: 'sometimes' }, 'S3_FORCE_PATH_STYLE'],
    [{ AUTOPILOT_MINUTES: '-1' }, 'AUTOPILOT_MINUTES'],
    [{ AUTOPILOT_MINUTES: 'soon' }, 'AUTOPILOT_MINUTES'],
  ])('stops on %j with a message naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`${name}=`));
  });

  it('parses lists and flags', () => {
    const c = loadConfig({ BLOCKED_COUNTRIES: 'gb, us', TRUST_PROXY: '1', PORT: '8080' });
    expect(c.BLOCKED_COUNTRIES).toEqual(['GB', 'US']);
    expect(c.TRUST_PROXY).toBe(1);
    expect(c.PUBLIC_URL).toBe('http://localhost:8080');
  });

  it('waits SHUTDOWN_DELAY_SECONDS after SIGTERM behind a proxy only, unless set (decision 063)', () => {
    expect(loadConfig({}).SHUTDOWN_DELAY_SECONDS).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '1' }).SHUTDOWN_DELAY_SECONDS).toBe(3);
    expect(loadConfig({ TRUST_PROXY: '1', SHUTDOWN_DELAY_SECONDS: '0' }).SHUTDOWN_DELAY_SECONDS).toBe(0);
    expect(loadConfig({ SHUTDOWN_DELAY_SECONDS: '1.5' }).SHUTDOWN_DELAY_SECONDS).toBe(1.5);
    expect(() => loadConfig({ SHUTDOWN_DELAY_SECONDS: '-1' })).toThrow(/SHUTDOWN_DELAY_SECONDS=/);
  });

  it('takes TRUST_PROXY as a number of hops or a list of proxy addresses, never "every hop"', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.1, 172.16.0.0/12 ,::1,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '172.16.0.0/12',
      '::1',
      'loopback',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY="true": .*every X-Forwarded-For hop.*TRUST_PROXY=1/,
    );
  });

  it('runs the demo autopilot in 10 minutes with the demo data, off without it, as set otherwise', () => {
    expect(loadConfig({}).AUTOPILOT_MINUTES).toBe(10);
    expect(loadConfig({ SEED_DEMO: 'false' }).AUTOPILOT_MINUTES).toBe(0);
    expect(loadConfig({ AUTOPILOT_MINUTES: '0.5' }).AUTOPILOT_MINUTES).toBe(0.5);
    expect(loadConfig({ SEED_DEMO: 'false', AUTOPILOT_MINUTES: '2' }).AUTOPILOT_MINUTES).toBe(2);
    expect(loadConfig({ AUTOPILOT_MINUTES: '0' }).AUTOPILOT_MINUTES).toBe(0);
  });
});

// Decision 031: production mode refuses every demo part in one message naming the variable that fixes it.
const COMPLETE_PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://geekly.example',
  SEED_DEMO: 'false',
  GATEWAY: 'stripe',
  STRIPE_SECRET_KEY: 'sk_live_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  SMS: 'twilio',
  TWILIO_ACCOUNT_SID: 'AC123',
  TWILIO_AUTH_TOKEN: 'token',
  TWILIO_FROM: '+15005550006',
  MAIL: 'smtp',
  SMTP_URL: 'smtp://mail.example:587',
  DATABASE_URL: 'postgres://geekly@db.example/geekly',
  STORAGE: 's3',
  S3_BUCKET: 'geekly-files',
  JWT_SECRET: 'x'.repeat(48),
};

function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('configuration was accepted');
}

describe('production mode', () => {
  it('with nothing else set, lists every demo part and the variable that fixes it, in one message', () => {
    const message = refusal({ NODE_ENV: 'production' });
    expect(message).toMatch(/production mode \(NODE_ENV=production\)/);
    for (const fix of [
      'SEED_DEMO=false',
      'GATEWAY=stripe',
      'ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION=true',
      'SMS=twilio',
      'MAIL=smtp',
      'DATABASE_URL=postgres://',
      'STORAGE=s3',
      'STORAGE=local',
      'JWT_SECRET to a random string',
    ])
      expect(message).toContain(fix);
    expect(message.split('\n').filter((l) => l.startsWith('  '))).toHaveLength(7);
  });

  it('is also what an https PUBLIC_URL means', () => {
    expect(refusal({ PUBLIC_URL: 'https://geekly.example' })).toMatch(
      /production mode \(PUBLIC_URL=https:\/\/geekly.example is https\)/,
    );
    expect(() => loadConfig({ PUBLIC_URL: 'http://localhost:3000' })).not.toThrow();
  });

  it('accepts a complete production environment, and an explicit STORAGE=local', () => {
    const c = loadConfig(COMPLETE_PRODUCTION);
    expect(c.PRODUCTION).toBe(true);
    expect(loadConfig({ ...COMPLETE_PRODUCTION, STORAGE: 'local', S3_BUCKET: '' }).STORAGE).toBe('local');
    expect(loadConfig({}).PRODUCTION).toBe(false);
    // Behind a proxy on this machine (HOST on loopback), with the proxy trusted.
    expect(loadConfig({ ...COMPLETE_PRODUCTION, HOST: '127.0.0.1', TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
  });

  it.each([
    [{ SEED_DEMO: 'true' }, 'SEED_DEMO:'],
    [{ SEED_DEMO: '' }, 'SEED_DEMO:'],
    [{ GATEWAY: 'sandbox' }, 'GATEWAY:'],
    [{ SMS: 'files' }, 'SMS:'],
    [{ MAIL: 'files' }, 'MAIL:'],
    [{ DATABASE_URL: '' }, 'DATABASE_URL:'],
    [{ STORAGE: '' }, 'STORAGE:'],
    [{ JWT_SECRET: '' }, 'JWT_SECRET:'],
    [{ HOST: '127.0.0.1' }, 'TRUST_PROXY:'],
    [{ HOST: '::1', TRUST_PROXY: 'false' }, 'TRUST_PROXY:'],
  ])('refuses %j, naming it', (change, name) => {
    const message = refusal({ ...COMPLETE_PRODUCTION, ...change });
    expect(message.split('\n').filter((l) => l.startsWith('  '))).toEqual([expect.stringContaining(name)]);
  });

  it('lists a bad value and the demo parts together', () => {
    const message = refusal({ NODE_ENV: 'production', PORT: 'eighty', JWT_SECRET: 'short' });
    expect(message).toMatch(/PORT="eighty"/);
    expect(message).toMatch(/JWT_SECRET="short": must be at least 32 characters/);
    expect(message).toContain('SEED_DEMO=false');
    // a short secret is named once, as the bad value it is
    expect(message.match(/JWT_SECRET/g)).toHaveLength(1);
  });

  it('allows the sandbox gateway only under ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION=true', () => {
    const staging = {
      ...COMPLETE_PRODUCTION,
      GATEWAY: 'sandbox',
      STRIPE_SECRET_KEY: '',
      STRIPE_WEBHOOK_SECRET: '',
    };
    expect(refusal(staging)).toContain('ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION=true');
    expect(refusal({ ...staging, ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'false' })).toContain('GATEWAY:');
    const c = loadConfig({ ...staging, ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'true' });
    expect(c.GATEWAY).toBe('sandbox');
    // it allows nothing else
    expect(
      refusal({ ...staging, ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'true', SEED_DEMO: 'true' }),
    ).toContain('SEED_DEMO:');
  });

  // Decision 040: Sign in with Google trusts what its issuer says about an e-mail; never over plain http.
  it('refuses an http GOOGLE_ISSUER, and takes Google’s or another https one', () => {
    const google = { GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'secret' };
    const message = refusal({ ...COMPLETE_PRODUCTION, ...google, GOOGLE_ISSUER: 'http://127.0.0.1:9000' });
    expect(message.split('\n').filter((l) => l.startsWith('  '))).toEqual([
      expect.stringContaining('GOOGLE_ISSUER: http://127.0.0.1:9000 is http'),
    ]);
    expect(loadConfig({ ...COMPLETE_PRODUCTION, ...google }).GOOGLE_ISSUER).toBe(
      'https://accounts.google.com',
    );
    expect(
      loadConfig({ ...COMPLETE_PRODUCTION, ...google, GOOGLE_ISSUER: 'https://id.example' }).GOOGLE_ISSUER,
    ).toBe('https://id.example');
    // outside production mode a test's provider on loopback is fine
    expect(loadConfig({ ...google, GOOGLE_ISSUER: 'http://127.0.0.1:9000' }).GOOGLE_ISSUER).toBe(
      'http://127.0.0.1:9000',
    );
  });

  it('wants GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET together', () => {
    expect(refusal({ GOOGLE_CLIENT_ID: 'id' })).toMatch(/GOOGLE_CLIENT_SECRET="": .*go together/);
    expect(refusal({ GOOGLE_CLIENT_SECRET: 'secret' })).toMatch(/GOOGLE_CLIENT_ID="": .*go together/);
  });

  it('leaves the demo defaults alone outside production mode', () => {
    expect(loadConfig({ NODE_ENV: 'development' })).toMatchObject({ SEED_DEMO: true, GATEWAY: 'sandbox' });
    expect(loadConfig({ NODE_ENV: 'test' }).PRODUCTION).toBe(false);
  });
});
