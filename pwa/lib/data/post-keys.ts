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

/** The duties of a workout, an event or a race (GET /duties?place=…&id=…). */
export const dutyKeys = {
  all: ['duties'] as const,
  of: (place: string, id: number) => [...dutyKeys.all, place, id] as const,
};

/** The polls of a place (GET /polls?place=…&id=…), and who has not answered one (execs). */
export const pollKeys = {
  all: ['polls'] as const,
  of: (place: string, id: number | null) => [...pollKeys.all, place, id] as const,
  missing: (id: number) => [...pollKeys.all, 'missing', id] as const,
};
