// The prerendered pages paint from their HTML and CSS alone (decision 014) and run no React for a visitor
// (decision 033). This step, after `react-router build` and the islands build (vite.islands.config.ts),
// rewrites each prerendered page:
// - no <link rel="modulepreload">, and React Router's bootstrap module kept inline as type="text/plain" (the
//   API's CSP allows inline scripts by their hashes: apps/api/src/plugins/web-app.ts);
// - a small loader that runs once the page has loaded: on a public page, the islands entry for a visitor,
//   and React Router's bootstrap (the full app, which they are using) for a signed-in visitor, whose
//   'geekly_session' hint cookie the server sets; on a status page (STATUS_PAGES), always the bootstrap.
// - on a marketing page (a route whose handle says `marketing`: public-layout.tsx), a first script in <head> that
//   sends a hinted visitor with no pending task straight to /orders before anything paints (issue 34): the app
//   would send them there anyway once it had booted on the load event.
// The SPA fallback of the client area is left as it is.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('../build/client/', import.meta.url).pathname;
const BOOT_ID = 'rr-boot';
// docs/product/public-site.md: standalone pages that check the service or route a failure: they keep the app.
const STATUS_PAGES = new Set(['maintenance', 'healthcheck', 'access-denied']);
// The prerendered pages whose routes are marketing ones (public-layout.tsx's handle); the legal pages and the
// not-found pages stay for a signed-in student (docs/product/public-site.md).
const isMarketing = (page) =>
  page === '' || /^lp/.test(page) || ['about-us', 'for-teachers', 'join-our-team'].includes(page);

// Read, then removed: it names build files, it is not for serving.
const manifestFile = join(root, 'islands-manifest.json');
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
rmSync(manifestFile);
// The pages already hold the islands' styles (decision 033): the islands build's own copy is not used.
const islandsCss = Object.values(manifest).flatMap((chunk) => [
  ...(chunk.file.endsWith('.css') ? [chunk.file] : []),
  ...(chunk.css ?? []),
]);
for (const css of new Set(islandsCss)) rmSync(join(root, css));
const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
if (!entry) throw new Error('islands-manifest.json: the islands entry was not found');
const ISLANDS_SRC = `/${entry.file}`;

const BOOT_APP = `var t=document.getElementById('${BOOT_ID}');var s=document.createElement('script');s.type='module';s.textContent=t.textContent;document.head.appendChild(s)`;
const BOOT_ISLANDS = `var s=document.createElement('script');s.type='module';s.src='${ISLANDS_SRC}';document.head.appendChild(s)`;
// Starts once: on the load event, or at once when the page has already loaded.
const loader = (boot) =>
  `(function(){var done=false;function boot(){if(done)return;done=true;${boot}}if(document.readyState==='complete')boot();else addEventListener('load',boot)})();`;
const SIGNED_IN = `/(^|;\\s*)geekly_session=/.test(document.cookie)`;
const PUBLIC_LOADER = loader(`if(${SIGNED_IN}){${BOOT_APP}}else{${BOOT_ISLANDS}}`);
const STATUS_LOADER = loader(BOOT_APP);
// A task started before logging in (lib/pending-order.ts) keeps the student on the page that creates it.
const TO_TASKS = `try{if(${SIGNED_IN}&&!localStorage.getItem('geekly.orderPending'))location.replace('/orders')}catch(e){}`;

const MODULEPRELOAD = /<link rel="modulepreload" href="[^"]*"\/>/g;
const BOOTSTRAP = /<script type="module" async="">([\s\S]*?)<\/script>/;

let islands = 0;
let apps = 0;
let redirects = 0;
for (const dirent of readdirSync(root, { withFileTypes: true, recursive: true })) {
  if (!dirent.isFile() || !dirent.name.endsWith('.html') || dirent.name === '__spa-fallback.html') continue;
  const file = join(dirent.parentPath, dirent.name);
  const page = relative(root, dirent.parentPath);
  const html = readFileSync(file, 'utf8');
  const bootstrap = BOOTSTRAP.exec(html);
  if (!bootstrap) throw new Error(`${file}: React Router's bootstrap module script was not found`);
  const status = STATUS_PAGES.has(page);
  const rewritten = html
    .replace(MODULEPRELOAD, '')
    .replace(BOOTSTRAP, `<script type="text/plain" id="${BOOT_ID}">${bootstrap[1]}</script>`)
    .replace('</head>', `<script>${status ? STATUS_LOADER : PUBLIC_LOADER}</script></head>`)
    .replace(/<head>/, (head) => (isMarketing(page) ? `${head}<script>${TO_TASKS}</script>` : head));
  writeFileSync(file, rewritten);
  if (status) apps++;
  else islands++;
  if (isMarketing(page)) redirects++;
}
console.log(
  `public pages: islands in ${islands} (${redirects} send a signed-in student to /orders before paint), deferred hydration in ${apps} status pages (${ISLANDS_SRC})`,
);
