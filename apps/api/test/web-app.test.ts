import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineScriptHashes, registerWebApp } from '../src/plugins/web-app.ts';

const root = mkdtempSync(join(tmpdir(), 'geekly-web-'));
const inline = 'window.__boot = 1;';
const aboutInline = 'window.__about = 1;';
// A prerendered page keeps React Router's bootstrap as text until load (apps/web/scripts/public-islands.mjs);
// the script that runs it later carries the same text, so its hash must be allowed too.
const deferredBoot = 'import "/assets/manifest-1.js";\nimport("/assets/entry.client-1.js");';
const spaInline = 'window.__spa = 1;';
const js = `console.log(${JSON.stringify('x'.repeat(2000))})`;
const app = Fastify();

// The shape of a prerendered build: `/` and `/about-us` as HTML, the SPA fallback, hashed assets with
// their precompressed copies.
beforeAll(async () => {
  mkdirSync(join(root, 'assets'));
  mkdirSync(join(root, 'about-us'));
  writeFileSync(
    join(root, 'index.html'),
    `<html><body><h1>Landing</h1><script>${inline}</script><script src="/assets/app-1a2b.js"></script></body></html>`,
  );
  writeFileSync(
    join(root, 'about-us', 'index.html'),
    `<html><head><script>${aboutInline}</script></head><body><h1>About us</h1><script type="text/plain" id="rr-boot">${deferredBoot}</script></body></html>`,
  );
  writeFileSync(join(root, '__spa-fallback.html'), `<html><body><script>${spaInline}</script></body></html>`);
  mkdirSync(join(root, '404'));
  writeFileSync(
    join(root, '404', 'index.html'),
    '<html><body><h1>Looks like you are lost</h1></body></html>',
  );
  // The web build's route table (apps/web/scripts/route-manifest.ts).
  writeFileSync(
    join(root, 'route-manifest.json'),
    JSON.stringify([
      '/',
      '/about-us',
      '/orders',
      '/orders/:orderId/created',
      '/order/:orderId/tips-success/:amount',
      '/r/:key/*',
      '/page-not-found',
    ]),
  );
  writeFileSync(join(root, 'assets', 'app-1a2b.js'), js);
  writeFileSync(join(root, 'assets', 'app-1a2b.js.br'), brotliCompressSync(js));
  writeFileSync(join(root, 'assets', 'app-1a2b.js.gz'), gzipSync(js));
  await registerWebApp(app, root);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

const sha = (body: string) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`;

describe('serving the web app', () => {
  it('answers a path no route of the web app matches with a real 404 and the not-found page', async () => {
    for (const url of ['/nothing-here', '/404', '/orders/123', '/order/abc/tips-success', '/about-us/more']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('Looks like you are lost');
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
    }
  });

  it('allows exactly the inline scripts of every built HTML page, prerendered ones included, by hash', () => {
    expect(inlineScriptHashes(root).sort()).toEqual(
      [sha(inline), sha(aboutInline), sha(deferredBoot), sha(spaInline)].sort(),
    );
  });

  it('serves hashed assets as immutable and the HTML as no-cache', async () => {
    const asset = await app.inject({ url: '/assets/app-1a2b.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const entry = await app.inject({ url: '/' });
    expect(entry.headers['cache-control']).toBe('no-cache');
    const about = await app.inject({ url: '/about-us' });
    expect(about.headers['cache-control']).toBe('no-cache');
  });

  it('serves the prerendered page of a public path', async () => {
    const home = await app.inject({ url: '/' });
    expect(home.body).toContain('<h1>Landing</h1>');
    for (const url of ['/about-us', '/about-us/']) {
      const about = await app.inject({ url });
      expect(about.statusCode, url).toBe(200);
      expect(about.body, url).toContain('<h1>About us</h1>');
    }
  });

  it('sends the brotli or gzip copy the browser accepts, and the plain file otherwise', async () => {
    const br = await app.inject({ url: '/assets/app-1a2b.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(js);
    const gz = await app.inject({ url: '/assets/app-1a2b.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(js);
    const plain = await app.inject({
      url: '/assets/app-1a2b.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
    // The copies have no route of their own (one route a file, not three: decision 034).
    expect(app.hasRoute({ method: 'GET', url: '/assets/app-1a2b.js' })).toBe(true);
    expect(app.hasRoute({ method: 'GET', url: '/assets/app-1a2b.js.br' })).toBe(false);
    expect(app.hasRoute({ method: 'GET', url: '/assets/app-1a2b.js.gz' })).toBe(false);
  });

  it('answers client-side routes with the SPA fallback, and unknown API paths with a JSON 404', async () => {
    const bad = await app.inject({ url: '/%E0%A4%A' });
    expect(bad.statusCode).toBeLessThan(500);
    const route = await app.inject({ url: '/orders/123/created' });
    expect(route.statusCode).toBe(200);
    expect(route.body).toContain(spaInline);
    expect(route.body).not.toContain('Landing');
    for (const url of ['/ORDERS/', '/order/abc/tips-success/5', '/r/key1', '/r/key1/a/b']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(spaInline);
    }
    const api = await app.inject({ url: '/api/v3/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ detail: 'Not found' });
  });
});
