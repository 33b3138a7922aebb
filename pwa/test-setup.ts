import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './test-server';

// Every request of a component test goes to MSW; one that no test answers fails the test.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// Testing Library only cleans up by itself when test globals are on; they are not here.
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());
