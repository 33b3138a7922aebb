import { afterEach, describe, expect, it } from 'vitest';
import { canOpenNow, describeReturnPath, forgetReturnPath, peekReturnPath, rememberReturnPath, safeReturnPath } from './return-to';

describe('the link a reader returns to after signing in', () => {
  afterEach(() => localStorage.clear());

  it('keeps paths of this app that need signing in, with their query', () => {
    expect(safeReturnPath('/workout/12')).toBe('/workout/12');
    expect(safeReturnPath('/event/3')).toBe('/event/3');
    expect(safeReturnPath('/race/7')).toBe('/race/7');
    expect(safeReturnPath('/forum?tab=events')).toBe('/forum?tab=events');
    expect(safeReturnPath('/attendance/members/4')).toBe('/attendance/members/4');
    expect(safeReturnPath('/profile')).toBe('/profile');
  });

  it('refuses other sites, protocol-relative and backslash tricks, and every other page', () => {
    for (const bad of [
      'https://evil.example/workout/1',
      '//evil.example/workout/1',
      '/\\evil.example/workout/1',
      '\\\\evil.example',
      'javascript:alert(1)',
      '/workout/1\n',
      '/ workout/1',
      '/login',
      '/logout',
      '/api/forum/workouts',
      '/workout/abc',
      '/workout/1/../../login',
      '/',
      '',
      'workout/1',
      null,
      42,
    ]) {
      expect(safeReturnPath(bad), String(bad)).toBeNull();
    }
  });

  it('says what a link is without reading it', () => {
    expect(describeReturnPath('/workout/9')).toEqual({ what: 'a club workout', membersOnly: true });
    expect(describeReturnPath('/profile')).toEqual({ what: 'your profile', membersOnly: false });
    expect(describeReturnPath('//evil.example')).toBeNull();
  });

  it('is kept on the device for a month, and only when safe', () => {
    const now = Date.parse('2026-11-24T12:00:00Z');
    rememberReturnPath('//evil.example', now);
    expect(peekReturnPath(now)).toBeNull();
    rememberReturnPath('/workout/5', now);
    expect(peekReturnPath(now + 29 * 86_400_000)).toBe('/workout/5');
    expect(peekReturnPath(now + 31 * 86_400_000)).toBeNull();
    // Expired: gone for good.
    expect(peekReturnPath(now)).toBeNull();

    // Storage edited by hand is checked again when read.
    localStorage.setItem('returnTo', JSON.stringify({ path: 'https://evil.example', at: now }));
    expect(peekReturnPath(now)).toBeNull();
    rememberReturnPath('/event/2', now);
    forgetReturnPath();
    expect(peekReturnPath(now)).toBeNull();
  });

  it('opens a members page only for an approved member who accepted the charter', () => {
    expect(canOpenNow({ role: 'member', charterAccepted: true }, '/workout/1')).toBe(true);
    expect(canOpenNow({ role: 'exec', charterAccepted: true }, '/workout/1')).toBe(true);
    expect(canOpenNow({ role: 'member', charterAccepted: false }, '/workout/1')).toBe(false);
    expect(canOpenNow({ role: 'pending', charterAccepted: true }, '/workout/1')).toBe(false);
    expect(canOpenNow({ role: 'pending', charterAccepted: true }, '/profile')).toBe(true);
    expect(canOpenNow(null, '/workout/1')).toBe(false);
  });
});
