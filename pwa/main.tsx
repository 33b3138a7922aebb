import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { loadClubConfig } from './lib/club-clock';
import { SessionProvider } from './lib/session';
import { AppRoutes } from './app/router';
import './styles.css';

// Not awaited: the first paint never waits for the network; screens that need the club's clock
// re-render when it is known (and use the stored zone meanwhile).
void loadClubConfig();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SessionProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </SessionProvider>
  </StrictMode>,
);
