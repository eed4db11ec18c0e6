import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption, type ProxyOptions } from 'vite';

/** apps/web, whatever directory vite is started from (the repo root runs it with --config). */
const root = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

// Everything the browser asks of the API server; the dev server and `vite preview` both forward it.
const proxy: Record<string, ProxyOptions> = Object.fromEntries(
  ['/api', '/healthz', '/readyz'].map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }]),
);

// Append further plugins here (vite-plugin-pwa goes last).
export const plugins: PluginOption[] = [react(), tailwindcss()];

export default defineConfig({
  root,
  plugins,
  resolve: { alias: { '@': `${root}src` } },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      // @courier/contract is pure declarations: unused parts (its zod schemas) must not ride along in every chunk.
      treeshake: { moduleSideEffects: (id) => !id.includes('/packages/contract/') },
    },
  },
});
