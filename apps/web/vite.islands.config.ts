import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The public pages' islands (decision 033): a second, small browser build beside React Router's. The public
// components run on Preact through preact/compat; 'react-router' and '@tanstack/react-query' are replaced by
// the little that a page without a router or a server cache needs (app/islands/*-shim). Its output goes to
// build/client/assets with the app's; apps/web/scripts/public-islands.mjs puts its entry into the pages.
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  publicDir: false,
  resolve: {
    alias: [
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
      { find: /^react-router$/, replacement: here('./app/islands/router-shim.tsx') },
      { find: /^@tanstack\/react-query$/, replacement: here('./app/islands/query-shim.ts') },
    ],
  },
  build: {
    outDir: 'build/client',
    emptyOutDir: false,
    // The pages already hold every stylesheet the islands use (the public layout imports the popups' CSS),
    // with the same CSS-module class names: the one CSS file of this build is removed (public-islands.mjs).
    cssCodeSplit: false,
    manifest: 'islands-manifest.json',
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: { islands: here('./app/islands/main.ts') },
      output: {
        entryFileNames: 'assets/islands-[hash].js',
        chunkFileNames: 'assets/island-[name]-[hash].js',
      },
    },
  },
});
