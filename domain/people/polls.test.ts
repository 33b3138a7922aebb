import { describe, expect, it } from 'vitest';
import { choicesProblem, pollClosed, pollDateOption, resultsVisible } from './polls';

describe('polls', () => {
  it('a poll closes at its closing instant, not a moment later', () => {
    expect(pollClosed(1000, 999)).toBe(false);
    expect(pollClosed(1000, 1000)).toBe(true);
  });

  it('results show live, once answered (or closed), or once closed', () => {
    const at = (results_shown: 'live' | 'after_answer' | 'after_close') => ({ results_shown, closes_at: 1000 });
    expect(resultsVisible(at('live'), false, 0)).toBe(true);
    expect(resultsVisible(at('after_answer'), false, 0)).toBe(false);
    expect(resultsVisible(at('after_answer'), true, 0)).toBe(true);
    expect(resultsVisible(at('after_answer'), false, 1000)).toBe(true);
    expect(resultsVisible(at('after_close'), true, 999)).toBe(false);
    expect(resultsVisible(at('after_close'), false, 1000)).toBe(true);
  });

  it('checks a set of choices against the poll', () => {
    expect(choicesProblem([], 3, false)).toBe('none');
    expect(choicesProblem([0, 1], 3, false)).toBe('one');
    expect(choicesProblem([3], 3, true)).toBe('unknown');
    expect(choicesProblem([-1], 3, true)).toBe('unknown');
    expect(choicesProblem([1, 1], 3, true)).toBe('repeated');
    expect(choicesProblem([0, 2], 3, true)).toBeNull();
  });

  it('reads a date poll’s option as a club date and time', () => {
    expect(pollDateOption('2026-03-07T08:00')).toEqual({ date: '2026-03-07', time: '08:00' });
    expect(pollDateOption('Saturday')).toBeNull();
  });
});
