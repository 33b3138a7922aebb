import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRIVACY_FACTS, type PrivacyFacts } from '../../../domain/contract/members/privacy';
import { renderAt } from '../../test-providers';
import { answerRoutes } from '../../test-server';
import { backupSentence, PrivacyPage } from './privacy-page';

const visit = (url: string) => renderAt(url, '/privacy', <PrivacyPage />, { user: null, visitor: true });
const facts = (backups: PrivacyFacts['backups']): PrivacyFacts => ({ ...DEFAULT_PRIVACY_FACTS, backups });

describe('PrivacyPage', () => {
  it("states the server's backup settings, who sees what, and how to export or delete", async () => {
    answerRoutes({ 'GET /privacy': { ...facts({ everyHours: 6, kept: 14 }), safetyCardDays: 30 } });
    visit('/privacy');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const howLong = screen.getByRole('region', { name: 'How long it is kept' });
    expect(
      await within(howLong).findByText(/every 6 hours and keeps the newest 14 copies, so what you delete is gone from every backup within 4 days/),
    ).toBeInTheDocument();
    expect(howLong).toHaveTextContent('account number');
    expect(howLong).toHaveTextContent(/Your safety card: until you remove it or delete your account, and at most 30 days after your membership ends/);
    expect(screen.getByRole('region', { name: 'What we store, and why' })).toHaveTextContent(/emergency contacts .* health notes/);
    const who = screen.getByRole('region', { name: 'Who sees it' });
    expect(who).toHaveTextContent(/Members see your name and picture on the rosters/);
    expect(who).toHaveTextContent(/Execs also see attendance/);
    expect(who).toHaveTextContent(/Administrators also see contact details/);
    expect(who).toHaveTextContent(/Your safety card goes only to the execs and administrators running your sessions/);
    const choices = screen.getByRole('region', { name: 'Your data, your choice' });
    expect(choices).toHaveTextContent('Download my data');
    expect(choices).toHaveTextContent('Delete my account');
    expect(screen.queryByText(/Your account was deleted/)).not.toBeInTheDocument();
  });

  it('names who runs the server when the club is one of many on a host, and no one otherwise', async () => {
    answerRoutes({ 'GET /privacy': { ...DEFAULT_PRIVACY_FACTS, hostedBy: 'University Athletics IT' } });
    visit('/privacy');
    const who = screen.getByRole('region', { name: 'Who sees it' });
    expect(await within(who).findByText('University Athletics IT')).toBeInTheDocument();
    expect(who).toHaveTextContent(/University Athletics IT runs the server this club.s app lives on/);
  });

  it('says the account is gone after a deletion', async () => {
    answerRoutes({ 'GET /privacy': DEFAULT_PRIVACY_FACTS });
    visit('/privacy?deleted=1');
    expect(await screen.findByText(/Your account was deleted and you are signed out everywhere/)).toBeInTheDocument();
  });

  it('words every backup setting', () => {
    expect(backupSentence(DEFAULT_PRIVACY_FACTS)).toMatch(/every 24 hours and keeps the newest 7 copies.*within 7 days/);
    expect(backupSentence(facts({ everyHours: 1, kept: 1 }))).toMatch(/every 1 hour and keeps the newest 1 copy.*within 1 hour\./);
    expect(backupSentence(facts({ everyHours: null, kept: 7 }))).toBe('This server makes no scheduled backups.');
  });
});
