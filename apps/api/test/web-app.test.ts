import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineScriptHashes, registerWebApp } from '../src/plugins/web-app.ts';

const root = mkdtempSync(join(tmpdir(), 'geekly-web-'));
const inline = 'window.__boot = 1;';
const app = Fastify();

beforeAll(async () => {
  mkdirSync(join(root, 'assets'));
  writeFileSync(
    join(root, 'index.html'),
    `<html><body><script>${inline}</script><script src="/assets/app-1a2b.js"></script></body></html>`,
  );
  writeFileSync(join(root, 'assets', 'app-1a2b.js'), 'console.log(1)');
  await registerWebApp(app, root);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('allows exactly the inline scripts of the built HTML, by hash', () => {
    const expected = `'sha256-${createHash('sha256').update(inline).digest('base64')}'`;
    expect(inlineScriptHashes(root)).toEqual([expected]);
  });

  it('serves hashed assets as immutable and the app entry as no-cache', async () => {
    const asset = await app.inject({ url: '/assets/app-1a2b.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const entry = await app.inject({ url: '/' });
    expect(entry.headers['cache-control']).toBe('no-cache');
  });

  it('answers client-side routes with the app entry, and unknown API paths with a JSON 404', async () => {
    const route = await app.inject({ url: '/orders/123/created' });
    expect(route.statusCode).toBe(200);
    expect(route.body).toContain(inline);
    const api = await app.inject({ url: '/api/v3/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ detail: 'Not found' });
  });
});
