import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const fromHere = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/** Where `vite dev` forwards API calls: a gateway started with its defaults. */
const GATEWAY_DEV_URL = 'http://127.0.0.1:8080';

/*
 * First path segments of every call the SPA makes (API_PATHS and GATEWAY_PATHS of
 * packages/shared). Spelled out here because the config runs in Node before any build of the
 * shared package exists.
 */
const PROXIED_PREFIXES = ['/Cms/', '/cms/', '/api/', '/visitstatics/', '/user/', '/wechat/', '/runtime-config'];

export default defineConfig({
  plugins: [react()],
  // Relative asset URLs, so the same build works at any mount point of the gateway.
  base: './',
  resolve: {
    alias: {
      '@/': fromHere('./src/'),
      '@credit-portal/shared': fromHere('../shared/src/index.ts'),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // The gateway's CSP (script-src 'self') forbids inline scripts: never inline assets as data: JS.
    assetsInlineLimit: 0,
    // antd is one vendor chunk (~215 kB gzipped), cached across releases; the app chunks are small.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler|swr)[\\/]/, priority: 20 },
            {
              name: 'antd',
              test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+|dayjs)[\\/]/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    proxy: Object.fromEntries(PROXIED_PREFIXES.map((prefix) => [prefix, { target: GATEWAY_DEV_URL }])),
  },
  preview: { host: '127.0.0.1' },
});
