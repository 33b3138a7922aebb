import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { setClubTimeZone } from './lib/club-clock';

// The club the component tests picture is in Toronto (the server's default CLUB_TIMEZONE); in the app
// the zone comes from GET /api/config.
setClubTimeZone('America/Toronto');

// Testing Library only cleans up by itself when test globals are on; they are not here.
afterEach(() => cleanup());
