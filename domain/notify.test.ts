import { describe, expect, it } from 'vitest';
import { howToTell } from './notify';

describe('how a member is told', () => {
  it('pushes to the devices that take the kind, and emails a member with none', () => {
    expect(howToTell(2)).toEqual({ push: true, email: false });
    expect(howToTell(1, 'normal')).toEqual({ push: true, email: false });
    expect(howToTell(0)).toEqual({ push: false, email: true });
  });

  it('emails an urgent notice whatever the devices', () => {
    expect(howToTell(3, 'urgent')).toEqual({ push: true, email: true });
    expect(howToTell(0, 'urgent')).toEqual({ push: false, email: true });
  });
});
