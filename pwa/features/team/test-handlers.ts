// The coaches and executive team as GET /profiles answers it, and a small stand-in for the team
// endpoints whose saved changes stick, as the page reloads the list after each save.
import { positionGroup, type TeamMember } from '../../../domain/contract/club/profiles';
import type { Routes } from '../../test-server';

export const LONG_BIO =
  'Former varsity swimmer and Level 2 certified coach. Maya runs the Tuesday and Thursday swims and loves turning nervous beginners into confident open-water racers.';

/** Ten positions: coaches with and without an email, executives, one vacant and one with a picture. */
export function team(): TeamMember[] {
  const m = (id: string, role: string, name = '', bio = '', email = '', image = ''): TeamMember => ({
    id,
    role,
    name,
    bio,
    email,
    image,
    group: positionGroup({ id }),
  });
  return [
    m('swim-coach', 'Swim Coach', 'Maya Chen', LONG_BIO, 'swim.coach@club.test'),
    m('run-coach', 'Run Coach', 'Daniel Okafor', 'Marathoner.', ''),
    m('co-president', 'Co-President', 'Priya Sharma', 'Fourth year.'),
    m('co-president-2', 'Co-President', 'Lucas Martin'),
    m('treasurer', 'Treasurer', 'Emily Wong', 'Keeps the books.', '', '/uploads/emily.webp'),
    m('secretary', 'Secretary'),
    m('social-coordinator', 'Social Coordinator', 'Aisha Patel', 'Pancakes.'),
    m('social-media', 'Social Media', 'Noah Kim'),
    m('webmaster', 'Webmaster', 'Olivia Brown', 'First paragraph.\n\nSecond paragraph.'),
    m('workout-coordinator', 'Workout Coordinator', 'Ethan Clarke', 'Books the pool.'),
  ];
}

/** GET /profiles answering `members`, and PUT /profiles/:id saving into them. */
export function teamRoutes(members: TeamMember[] = team()): Routes {
  return {
    'GET /profiles': () => ({ teamMembers: members }),
    'PUT /profiles/:id': ({ params, body }) => {
      const teamMember = { ...members.find((m) => m.id === params.id)!, ...body };
      members = members.map((m) => (m.id === params.id ? teamMember : m));
      return { teamMember };
    },
  };
}
