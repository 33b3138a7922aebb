import { describe, expect, it } from 'vitest';
import { describeWorkoutTime, formatClubDateTime } from './club-time-format';

describe('club time', () => {
  it('formats for people', () => {
    expect(formatClubDateTime(Date.parse('2026-03-02T15:00:00Z'), 'America/Toronto')).toBe(
      'Monday, March 2, 2026 at 10:00 AM',
    );
    expect(formatClubDateTime(Date.parse('2026-03-02T15:00:00Z'), 'America/Toronto', 'long')).toBe(
      'March 2, 2026 at 10:00 AM',
    );
    expect(describeWorkoutTime('2026-03-04', '18:00')).toBe('Wednesday, March 4, 2026 at 18:00');
  });
});
