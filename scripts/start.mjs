// `npm start` in one Node process (decision 034): the Node version check, the web build check and the server,
// with no prestart process and no second `node` for the server. V8's compile cache (node_modules/.cache) keeps
// the compiled server modules between starts. When the web app must be built (a fresh clone, changed sources),
// the build runs in a child process while the server opens, migrates and seeds its database.
// Imported whole: on a wrong Node version a missing named export would fail before the check could explain.
import * as nodeModule from 'node:module';
import './check-node.mjs';
import { buildWebApp, UNCHANGED, webBuildState } from './build-if-changed.mjs';

nodeModule.enableCompileCache?.(new URL('../node_modules/.cache/node-compile', import.meta.url).pathname);

const state = webBuildState();
let webBuild;
if (state.stale) {
  console.log('Building the web app while the database starts…');
  webBuild = buildWebApp(state);
} else {
  console.log(UNCHANGED);
}
const { runServer } = await import('../apps/api/src/server.ts');
runServer({ webBuild });
