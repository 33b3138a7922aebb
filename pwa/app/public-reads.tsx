import type { ReactNode } from 'react';
import { Route } from 'react-router-dom';
import { lazyNamed } from '../lib/ui/lazy-named';

// The screens a visitor can open that read the API (docs/decisions/0062). A visitor's router holds them
// outside the data layer, so their reads run on the small runner of lib/data/read.ts; a signed-in
// user's (member-routes.tsx) under it. The same routes either way: signing in or out moves them.

const CoachesExecPage = lazyNamed(() => import('../features/team/coaches-exec-page'), 'CoachesExecPage');
const TeamProfilePage = lazyNamed(() => import('../features/team/team-profile-page'), 'TeamProfilePage');
const LoginPage = lazyNamed(() => import('../features/auth/login-page'), 'LoginPage');
const ResetPasswordPage = lazyNamed(() => import('../features/auth/reset-password-page'), 'ResetPasswordPage');

/** The public screens that read the API; `races` is the races page of whoever is there. */
export function publicReadRoutes(races: ReactNode) {
  return (
    <>
      <Route path="/coaches-exec" element={<CoachesExecPage />} />
      <Route path="/profile/:role/:name" element={<TeamProfilePage />} />
      <Route path="/races" element={races} />
      <Route path="/login" element={<LoginPage />} />
      <Route path="/reset-password" element={<ResetPasswordPage />} />
    </>
  );
}
