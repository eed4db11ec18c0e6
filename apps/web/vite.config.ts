import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption, type ProxyOptions } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** apps/web, whatever directory vite is started from (the repo root runs it with --config). */
const root = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

// Everything the browser asks of the API server; the dev server and `vite preview` both forward it.
const proxy: Record<string, ProxyOptions> = Object.fromEntries(
  ['/api', '/healthz', '/readyz'].map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }]),
);

/**
 * Brotli and gzip copies of every text file in dist, written once at build time: the server sends them
 * as they are (@fastify/static preCompressed) instead of compressing on each request.
 */
function precompress(): PluginOption {
  const textFile = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return {
    name: 'courier-precompress',
    apply: 'build',
    enforce: 'post',
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const path of walk(join(root, 'dist'))) {
          if (!textFile.test(path) || statSync(path).size < 1024) continue;
          const body = readFileSync(path);
          writeFileSync(`${path}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
          writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
        }
      },
    },
  };
}

// Append further plugins here (vite-plugin-pwa goes last; precompress runs after it, on its files too).
export const plugins: PluginOption[] = [react(), tailwindcss()];

// Installable app: manifest, icons (apps/web/scripts/make-icons.mjs) and a service worker that caches the shell.
plugins.push(
  VitePWA({
    registerType: 'autoUpdate',
    // The registration script must not hold up the first paint.
    injectRegister: 'script-defer',
    includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
    manifest: {
      name: 'MedCourier',
      short_name: 'MedCourier',
      description: 'Medical courier and parcel delivery: request pickups, track packages and follow the chain of custody.',
      lang: 'en-US',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0c7792',
      background_color: '#ffffff',
      categories: ['business', 'medical', 'productivity'],
      icons: [
        { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
      // The reports' chart library (130 kB gzip) is for staff at a desk: fetched when a report opens, not installed on every phone.
      globIgnores: ['**/report-chart-*.js'],
      navigateFallback: 'index.html',
      // The API, health checks and stored files are the server's, never the app shell.
      navigateFallbackDenylist: [/^\/api\//, /^\/healthz/, /^\/readyz/],
      cleanupOutdatedCaches: true,
    },
  }),
  precompress(),
);

export default defineConfig({
  root,
  plugins,
  resolve: { alias: { '@': `${root}src` } },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No source maps in what production serves (the server refuses *.map as well).
    sourcemap: false,
    rollupOptions: {
      // @courier/contract is pure declarations: unused parts (its zod schemas) must not ride along in every chunk.
      treeshake: { moduleSideEffects: (id) => !id.includes('/packages/contract/') },
      // A dependency's comment placed where Rollup cannot read it as an annotation (zod's) is dropped harmlessly:
      // not a wall of warnings on every first `npm start`. Our own code still warns.
      onwarn(warning, warn) {
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/')) return;
        warn(warning);
      },
      output: {
        // Icons shared by several pages would each be a chunk of their own, a dozen round trips per page: one file instead.
        manualChunks: (id) => (id.includes('/lucide-react/dist/esm/icons/') ? 'icons' : undefined),
      },
    },
  },
});
