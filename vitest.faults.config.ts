import { defineConfig } from 'vitest/config';

// The fault tests (api/faults): real server processes, SIGKILL, a failing mail provider, backups
// under load. Slow by nature, so apart from `npm test`; one file at a time to keep the load bounded.
export default defineConfig({
  test: {
    name: 'faults',
    environment: 'node',
    include: ['api/faults/**/*.faults.test.ts'],
    fileParallelism: false,
    // The tests run the compiled server: build it (npm run build) when missing or stale.
    globalSetup: ['api/faults/support/build.ts'],
    testTimeout: 90_000,
    hookTimeout: 60_000,
  },
});
