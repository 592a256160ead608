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
