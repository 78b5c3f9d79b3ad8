import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { firstFetches } from './build/first-fetches';
import { localAssets } from './build/local-assets';
import { precompress } from './build/precompress';

/**
 * Screens are lazy routes (see src/app/screens.ts); the vendor code every page needs is split
 * into a few long-lived chunks so that a deploy of app code does not bust their cache.
 */
export default defineConfig({
  plugins: [react(), firstFetches(), localAssets(), precompress()],
  server: {
    port: 5173,
    proxy: { '/controller': 'http://localhost:3000', '/api': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      // The contract's modules only define things (routes, rules, zod schemas, formatters):
      // saying so lets the bundler drop what a chunk does not use, so the sign-in page does not
      // carry every call schema and the money maths.
      // calls/define.ts's zod messages (z.config) run wherever a call is defined, since every
      // call module imports defineCall from it; the sign-in page's first load has none.
      treeshake: {
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/]contract[\\/]src[\\/]/.test(id),
      },
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
            // Query only: TanStack Table (13 KB gzipped) is for lists, not the sign-in page.
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/ },
            { name: 'table', test: /node_modules[\\/]@tanstack[\\/](table-core|react-table)[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
});
