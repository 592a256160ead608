import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';

// Fewer, larger chunks for the public pages (issue 6 performance): the framework in one file and the
// public site's shared code in another, instead of two dozen small requests. The client area's routes
// stay code-split.
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|cookie|set-cookie-parser)[\\/]/;
const PUBLIC_SITE =
  /apps[\\/]web[\\/]app[\\/](features[\\/](landing[\\/](?!components[\\/]landing-task-validation)|courses|auth[\\/]api[\\/]user)|features[\\/]orders[\\/]api[\\/](create-order|get-orders)|components[\\/](public-|company-info|course-picker|dialog|field|text-field|highlighted-text|use-combobox-list|listbox)|lib[\\/](api-client|order-pending|query-client))|packages[\\/]domain[\\/]src[\\/](money|pricing[\\/]quote|courses[\\/])/;

// The popups and the cookie banner run as islands on the public pages (decision 033) and bring no stylesheet:
// root.tsx and the public layout import their CSS modules for their side effect alone, which Vite would drop
// (a CSS module counts as pure), so those imports are kept.
const ISLAND_STYLES =
  /apps[\\/]web[\\/]app[\\/](components[\\/](button|dialog|text-field)|features[\\/](auth[\\/]components[\\/]auth-dialog|consent[\\/]components[\\/]consent-banner))\.module\.css$/;
const keepIslandStyles: Plugin = {
  name: 'geekly-keep-island-styles',
  enforce: 'post',
  transform(code, id) {
    if (ISLAND_STYLES.test(id)) return { code, map: null, moduleSideEffects: 'no-treeshake' };
    return null;
  },
};

export default defineConfig({
  plugins: [reactRouter(), keepIslandStyles],
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: FRAMEWORK, priority: 2 },
            { name: 'public-site', test: PUBLIC_SITE, priority: 1 },
          ],
        },
      },
    },
  },
});
