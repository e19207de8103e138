import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The examples import the package by name, as users do; in tests that name is the source.
  resolve: { alias: { 'agentlog/hooks': fileURLToPath(new URL('./src/hooks/index.ts', import.meta.url)) } },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Registers the removal of the temporary folders that tempDir() makes, after each test file.
    setupFiles: ['test/helpers/temp-dir.ts'],
    typecheck: {
      enabled: true,
      include: ['src/**/*.test-d.ts', 'test/**/*.test-d.ts'],
      tsconfig: './tsconfig.json',
    },
    env: { TZ: 'UTC' },
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
