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
  },
});
