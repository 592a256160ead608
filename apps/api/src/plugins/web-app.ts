import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => join(e.parentPath, e.name));
}

/**
 * The built HTML carries React Router's small inline bootstrap scripts. Rather than allowing
 * 'unsafe-inline', the Content-Security-Policy allows exactly these scripts by their hashes.
 */
export function inlineScriptHashes(root: string): string[] {
  if (!existsSync(root)) return [];
  const hashes = new Set<string>();
  for (const file of htmlFiles(root)) {
    const html = readFileSync(file, 'utf8');
    for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
      const body = m[1] ?? '';
      if (body.trim()) hashes.add(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
    }
  }
  return [...hashes];
}

/** '/about-us/?x=1' → '/about-us'; a malformed escape matches no page. */
function pagePath(url: string): string {
  try {
    return decodeURI(url.split('?')[0] ?? '/').replace(/\/+$/, '');
  } catch {
    return '';
  }
}

/**
 * The web app's route table, written by its build (apps/web/scripts/route-manifest.ts) as path patterns
 * ('/order/:orderId', '/r/:key/*'). Null for a build without one: every path is then the app's to answer.
 */
export function clientRouteMatcher(root: string): ((path: string) => boolean) | null {
  const file = join(root, 'route-manifest.json');
  if (!existsSync(file)) return null;
  const patterns = JSON.parse(readFileSync(file, 'utf8')) as string[];
  const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const regexes = patterns.map((pattern) => {
    const body = pattern
      .split('/')
      .filter(Boolean)
      .map((segment) => {
        if (segment === '*') return '(?:/.*)?';
        if (segment.startsWith(':')) return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
        return `/${escapeRegex(segment)}`;
      })
      .join('');
    return new RegExp(`^${body || '/'}$`, 'i');
  });
  return (path) => {
    const trimmed = path.replace(/\/+$/, '') || '/';
    return regexes.some((r) => r.test(trimmed));
  };
}

/**
 * Serves the built web app (decision 011): the prerendered public pages as their own HTML (`/about-us` →
 * `about-us/index.html`), every other route of the web app's route table through the SPA entry, and any path
 * no route matches as a real 404 with the prerendered not-found page (decision 016). Files are sent as the
 * build's brotli or gzip copies when the browser accepts them.
 */
export async function registerWebApp(app: FastifyInstance, root: string) {
  if (!existsSync(root)) {
    app.log.warn(`web build not found at ${root}: run "npm run build"`);
    return;
  }
  // Prerendered pages by path: 'about-us/index.html' answers '/about-us' and '/about-us/'.
  const prerendered = new Map(
    htmlFiles(root)
      .map((file) => relative(root, file).split(sep).join('/'))
      .filter((file) => file.endsWith('/index.html'))
      .map((file) => [`/${file.slice(0, -'/index.html'.length)}`, file]),
  );
  const spaEntry = existsSync(join(root, '__spa-fallback.html')) ? '__spa-fallback.html' : 'index.html';
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    // The .br and .gz copies are found beside the file a request names (preCompressed): no route of their own.
    globIgnore: ['**/*.br', '**/*.gz'],
    index: ['index.html'],
    // The build writes .br and .gz copies of its text files (apps/web/scripts/precompress.mjs).
    preCompressed: true,
    setHeaders(reply, path) {
      // Vite puts content-hashed files under /assets: they never change.
      if (path.includes(`${join(root, 'assets')}`)) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      } else {
        reply.header('cache-control', 'no-cache');
      }
    },
  });
  const isClientRoute = clientRouteMatcher(root);
  // '/404' is the web build's catch-all route prerendered (apps/web/react-router.config.ts): the body of a 404.
  const notFoundPage = prerendered.get('/404') ?? prerendered.get('/page-not-found') ?? spaEntry;
  prerendered.delete('/404');
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ detail: 'Not found' });
    }
    const path = pagePath(request.url);
    const page = prerendered.get(path);
    reply.header('cache-control', 'no-cache');
    if (page) return reply.sendFile(page);
    if (!isClientRoute || isClientRoute(path)) return reply.sendFile(spaEntry);
    return reply.status(404).sendFile(notFoundPage);
  });
}
