// The prerendered public pages paint from their HTML and CSS alone; their JavaScript (React and the router,
// about 120 KB gzipped) only hydrates them. So that it does not compete with the CSS for the first paint on
// slow connections (issue 6: nothing beyond HTML and CSS before the page renders), this step rewrites each
// prerendered page: no <link rel="modulepreload">, and React Router's bootstrap module runs once the page
// has loaded. The bootstrap stays an inline <script> (as type="text/plain"), so the API's CSP still allows it
// by its hash (apps/api/src/plugins/web-app.ts). The SPA fallback of the client area is left as it is.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../build/client/', import.meta.url).pathname;
const BOOT_ID = 'rr-boot';
// Starts the bootstrap once: on the load event, or at once when the page has already loaded.
const LOADER = `(function(){var done=false;function boot(){if(done)return;done=true;var t=document.getElementById('${BOOT_ID}');var s=document.createElement('script');s.type='module';s.textContent=t.textContent;document.head.appendChild(s)}if(document.readyState==='complete')boot();else addEventListener('load',boot)})();`;

const MODULEPRELOAD = /<link rel="modulepreload" href="[^"]*"\/>/g;
const BOOTSTRAP = /<script type="module" async="">([\s\S]*?)<\/script>/;

let count = 0;
for (const entry of readdirSync(root, { withFileTypes: true, recursive: true })) {
  if (!entry.isFile() || !entry.name.endsWith('.html') || entry.name === '__spa-fallback.html') continue;
  const file = join(entry.parentPath, entry.name);
  const html = readFileSync(file, 'utf8');
  const bootstrap = BOOTSTRAP.exec(html);
  if (!bootstrap) throw new Error(`${file}: React Router's bootstrap module script was not found`);
  const deferred = html
    .replace(MODULEPRELOAD, '')
    .replace(BOOTSTRAP, `<script type="text/plain" id="${BOOT_ID}">${bootstrap[1]}</script>`)
    .replace('</head>', `<script>${LOADER}</script></head>`);
  writeFileSync(file, deferred);
  count++;
}
console.log(`deferred hydration in ${count} prerendered pages`);
