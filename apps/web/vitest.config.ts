import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

// No build plugins: Vitest's transform compiles TSX (jsx react-jsx from tsconfig); CSS is never imported in tests.
export default defineConfig({
  root,
  resolve: { alias: { '@': `${root}src` } },
  test: {
    name: 'web',
    root,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    // Lazy pages load their chunks through Vite's transform: on two busy cores (CI runs lint and types beside the
    // tests) that alone can pass vitest's default 5 s. Each wait inside a test keeps its own shorter limit.
    testTimeout: 15_000,
  },
});
