import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: on the developers' 2-core machines that is
    // one worker, and a worker waiting on a timer or a socket left the other core idle.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['domain/**/*.test.ts', 'api/**/*.test.ts', 'db/**/*.test.ts', 'deploy/**/*.test.ts', 'scripts/**/*.test.ts'],
          // Fault tests kill servers and take a while: `npm run test:faults`.
          exclude: ['api/faults/**', 'node_modules/**'],
          // The files of a worker share one process (docs/decisions/0092-a-quick-test-suite.md): the app's
          // modules load once instead of once a file, and the password pool's threads stay up. Each test
          // builds its own app and database; a module mock (vi.mock) would not reach modules an earlier
          // file loaded, so these tests count or spy on what the app exposes instead.
          isolate: false,
          testTimeout: 20_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'pwa',
          environment: 'jsdom',
          include: ['pwa/**/*.test.{ts,tsx}'],
          setupFiles: ['pwa/test-setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
