// The query keys of the forum's workouts and events, a member's week, the announcements and the polls: the screens
// read under them, the data layer (post-cache.ts) writes every kept copy under them, the offline set
// fills them, and the server's renderer primes them. Apart from the post cache, so a screen's reads
// do not load it.
export const forumKeys = {
  all: ['forum'] as const,
  workouts: () => [...forumKeys.all, 'workouts'] as const,
  events: () => [...forumKeys.all, 'events'] as const,
  workout: (id: number) => [...forumKeys.all, 'workout', id] as const,
  attendance: (id: number) => [...forumKeys.all, 'attendance', id] as const,
  event: (id: number) => [...forumKeys.all, 'event', id] as const,
};

/** The member's coming days (GET /me/week). */
export const myWeekKey = ['me', 'week'] as const;

/** The club's current announcements (GET /announcements), each saying whether the member dismissed it. */
export const announcementsKey = ['announcements'] as const;

/** Every kept read of the duties and of the polls (their features key each read under these). */
export const dutiesKey = ['duties'] as const;
export const pollsKey = ['polls'] as const;
