import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { config as zodConfig } from 'zod';
import { BrowserRouter } from 'react-router-dom';
import { SessionProvider } from './lib/session';
import { AppRoutes } from './app/router';
import './styles.css';

// zod 4 probes `new Function` on its first parse to pick a faster path; under our CSP (no
// 'unsafe-eval') the probe is refused and Chromium logs a CSP issue (Lighthouse best practices).
zodConfig({ jitless: true });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SessionProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </SessionProvider>
  </StrictMode>,
);
