import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['domain/**/*.test.ts', 'api/**/*.test.ts', 'db/**/*.test.ts', 'deploy/**/*.test.ts', 'scripts/**/*.test.ts'],
          // Fault tests kill servers and take a while: `npm run test:faults`.
          exclude: ['api/faults/**', 'node_modules/**'],
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
