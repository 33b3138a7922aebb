// Admin → Rules: the history lists every change of the rules' numbers, the time zone, the country
// and the language, newest first; the country and language are saved together, the device writes
// dates the new way at once, and a language nobody can write dates in is stopped beside its field.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClubDocumentTypes, DocumentKey } from '../../../../domain/documents/club-documents';
import type { ClubDocument } from '../../../../domain/contract/club/club-documents';
import { DEFAULT_CLUB_REGION, type ClubRegion } from '../../../../domain/region/club-region';
import { DEFAULT_RULE_NUMBERS } from '../../../../domain/rules';
import { defaultPaymentSettings } from '../../../../domain/payments/payments';
import { DEFAULT_DUTIES } from '../../../../domain/people/duties';
import { DEFAULT_SAFETY } from '../../../../domain/people/safety';
import { defaultTeamPositions } from '../../../../domain/contract/club/profiles';
import { clubRegion, setClubRegion } from '../../../lib/club/club-region';
import { renderAt } from '../../../test-providers';
import { answerRoutes, jsonReply, type Routes } from '../../../test-server';
import { testUser } from '../../../test-support';
import { AdminPage } from '../admin-page';
import { adminRoutes, MEMBERS } from '../test-handlers';

const administrator = testUser('administrator', { name: 'Alex Admin', email: 'administrator@club.test' });

function doc<K extends DocumentKey>(key: K, body: ClubDocumentTypes[K], version: number, publishedAt: number | null = version ? version : null): ClubDocument<K> {
  return { key, version, body, publishedAt, publishedBy: version ? { id: 1, name: 'Alex Admin' } : null, note: null, minor: false };
}

const MARCH = Date.UTC(2026, 2, 2, 15);
const DAY = 86_400_000;

const DEFAULTS: { [K in DocumentKey]?: ClubDocumentTypes[K] } = { region: DEFAULT_CLUB_REGION, rules: DEFAULT_RULE_NUMBERS, duties: DEFAULT_DUTIES, safety: DEFAULT_SAFETY };

function renderRules(documents: { [K in DocumentKey]?: ClubDocument<K>[] }, more: Routes = {}) {
  const newest = <K extends DocumentKey>(key: K): ClubDocument<K> =>
    (documents[key] as ClubDocument<K>[] | undefined)?.[0] ??
    doc(key, (DEFAULTS[key] ?? { timeZone: 'America/Toronto' }) as ClubDocumentTypes[K], 0);
  const api = answerRoutes(
    {
      ...adminRoutes({ members: MEMBERS, emails: [] }),
      'GET /club/documents/:key': ({ params }) => newest(params.key as DocumentKey),
      'GET /club/documents/:key/versions': ({ params }) => {
        const versions = documents[params.key as DocumentKey] ?? [];
        return { current: versions[0]?.version ?? 0, versions };
      },
      ...more,
    },
    { user: administrator },
  );
  renderAt('/admin?tab=rules', '/admin', <AdminPage />, { user: administrator });
  return api;
}

afterEach(() => setClubRegion(DEFAULT_CLUB_REGION));

describe('Admin → Rules', () => {
  it('lists the time zone’s, the country’s and the language’s changes with the rules’ own, newest first', async () => {
    renderRules({
      rules: [doc('rules', { ...DEFAULT_RULE_NUMBERS, lateCancelHours: 12 }, 1, MARCH)],
      'time-zone': [
        doc('time-zone', { timeZone: 'Australia/Sydney' }, 2, MARCH + 2 * DAY),
        doc('time-zone', { timeZone: 'Europe/London' }, 1, MARCH - DAY),
      ],
      region: [doc('region', { country: 'AU', locale: 'en-AU' }, 1, MARCH + DAY)],
    });
    const history = await screen.findByRole('region', { name: 'Changes' });
    const lines = (await within(history).findAllByRole('listitem')).map((li) => li.lastChild?.textContent);
    expect(lines).toEqual([
      'Time zone: Europe/London → Australia/Sydney',
      'Country: CA → AU; Language and date format: en-US → en-AU',
      'Late-cancel window (hours): 24 → 12',
      'Time zone: Europe/London',
    ]);
  });

  it('saves the country and language together, and this device writes dates the new way at once', async () => {
    let saved: ClubRegion | null = null;
    const api = renderRules(
      {},
      {
        'PUT /club/documents/:key': ({ body }) => {
          saved = body!.body as ClubRegion;
          return doc('region', saved, 1);
        },
      },
    );
    const user = userEvent.setup();
    const country = await screen.findByLabelText('Country');
    expect(country).toHaveValue('CA');
    await user.selectOptions(country, 'AU');
    expect(country).toHaveAccessibleDescription(expect.stringContaining('0412 345 678'));
    const language = screen.getByLabelText('Language and date format');
    await user.clear(language);
    await user.type(language, 'en-au');
    expect(language).toHaveAccessibleDescription('Dates will read: Monday 2 March 2026 at 6:15 pm');
    await user.click(screen.getByRole('button', { name: 'Save country and language' }));
    expect(await screen.findByText('Saved: phone numbers are read for AU, dates are written in en-AU.')).toBeInTheDocument();
    expect(api.to('PUT /club/documents/:key')[0]!.path).toBe('/club/documents/region');
    expect(saved).toEqual({ country: 'AU', locale: 'en-AU' });
    expect(clubRegion()).toEqual({ country: 'AU', locale: 'en-AU' });
  });

  it('stops a language nobody can write dates in beside its field, and shows the server’s refusal there too', async () => {
    const api = renderRules({}, { 'PUT /club/documents/:key': jsonReply({ error: 'Choose the club’s country by its two-letter code, e.g. AU or CA', field: 'country' }, 400) });
    const user = userEvent.setup();
    const language = await screen.findByLabelText('Language and date format');
    await user.clear(language);
    await user.type(language, 'not a language');
    await user.click(screen.getByRole('button', { name: 'Save country and language' }));
    expect(language).toHaveAttribute('aria-invalid', 'true');
    expect(language).toHaveAccessibleDescription(expect.stringContaining('e.g. en-AU or en-US'));
    expect(language).toHaveValue('not a language');
    expect(api.to('PUT /club/documents/:key')).toHaveLength(0);

    await user.clear(language);
    await user.type(language, 'en-GB');
    await user.click(screen.getByRole('button', { name: 'Save country and language' }));
    expect(await screen.findByLabelText('Country')).toHaveAccessibleDescription(expect.stringContaining('two-letter code'));
  });
});

describe('Admin → Rules → Payments', () => {
  it('sets what a paid membership does and which positions handle money, keeping the currency', async () => {
    const user = userEvent.setup();
    const api = renderRules(
      { payments: [doc('payments', defaultPaymentSettings(), 0)], 'team-positions': [doc('team-positions', defaultTeamPositions(), 0)] },
      { 'PUT /club/documents/:key': ({ body }) => doc('payments', body!.body as ClubDocumentTypes['payments'], 1) },
    );
    const section = await screen.findByRole('region', { name: 'Payments' });
    expect(await within(section).findByLabelText('Currency')).toHaveValue('CAD');
    expect(await within(section).findByRole('checkbox', { name: 'Treasurer' })).toBeChecked();
    await user.click(within(section).getByRole('checkbox', { name: /A paid membership activates the account at once/ }));
    await user.click(within(section).getByRole('checkbox', { name: 'Secretary' }));
    await user.click(within(section).getByRole('button', { name: 'Save payment settings' }));
    expect(await within(section).findByText(/Payment settings saved/)).toBeInTheDocument();
    expect(api.writes().at(-1)).toMatchObject({ path: '/club/documents/payments', body: { body: { currency: 'CAD', activateOnPayment: true, positions: ['treasurer', 'secretary'] } } });
  });
});

describe('Admin → Rules → Payments: the hold of an unpaid race place', () => {
  it('sets the hours a race place is held while its entry fee is unpaid', async () => {
    const user = userEvent.setup();
    const api = renderRules(
      { payments: [doc('payments', defaultPaymentSettings(), 0)], 'team-positions': [doc('team-positions', defaultTeamPositions(), 0)] },
      { 'PUT /club/documents/:key': ({ body }) => doc('payments', body!.body as ClubDocumentTypes['payments'], 1) },
    );
    const section = await screen.findByRole('region', { name: 'Payments' });
    const hours = await within(section).findByLabelText('Hours a race place is held unpaid');
    expect(hours).toHaveValue(48);
    await user.clear(hours);
    await user.type(hours, '24');
    await user.click(within(section).getByRole('button', { name: 'Save payment settings' }));
    expect(await within(section).findByText(/Payment settings saved/)).toBeInTheDocument();
    expect(api.writes().at(-1)).toMatchObject({ path: '/club/documents/payments', body: { body: { entryHoldHours: 24 } } });
  });
});

describe('Admin → Rules → Duties', () => {
  it('edits the kinds of duty and the give-up cut-off, showing a refusal next to its field and keeping what was typed', async () => {
    const user = userEvent.setup();
    const api = renderRules(
      { duties: [doc('duties', structuredClone(DEFAULT_DUTIES), 0)] },
      { 'PUT /club/documents/:key': ({ body }) => doc('duties', body!.body as ClubDocumentTypes['duties'], 1) },
    );
    const section = await screen.findByRole('region', { name: 'Duties' });
    expect(await within(section).findByLabelText('Kind 1')).toHaveValue('Lifeguard');
    await user.click(within(section).getByRole('button', { name: 'Remove Photographer' }));
    await user.click(within(section).getByRole('button', { name: 'Add a kind of duty' }));
    await user.type(within(section).getByLabelText('Kind 5'), 'lifeguard');
    const hours = within(section).getByLabelText(/Hours before the start/);
    await user.clear(hours);
    await user.type(hours, '500');
    await user.click(within(section).getByRole('button', { name: 'Save duty settings' }));
    // Nothing is sent while the schema finds something wrong: each problem next to its field.
    expect(await within(section).findByText('Give each kind of duty once')).toBeInTheDocument();
    expect(hours).toHaveAccessibleDescription(expect.stringContaining('at most 336 hours'));
    expect(api.writes()).toEqual([]);
    await user.clear(within(section).getByLabelText('Kind 5'));
    await user.type(within(section).getByLabelText('Kind 5'), 'Bake sale');
    await user.clear(hours);
    await user.type(hours, '24');
    await user.click(within(section).getByRole('button', { name: 'Save duty settings' }));
    expect(await within(section).findByText(/Duty settings saved/)).toBeInTheDocument();
    expect(api.writes().at(-1)).toMatchObject({
      path: '/club/documents/duties',
      body: { body: { kinds: ['Lifeguard', 'Coach on deck', 'Marshal', 'Driver', 'Bake sale'], giveUpHours: 24 } },
    });
  });
});

describe('Admin → Rules → Safety cards', () => {
  it('edits the health flags, the consent, the unsigned sign-up choice and the days kept, each problem beside its field', async () => {
    const user = userEvent.setup();
    const api = renderRules(
      { safety: [doc('safety', structuredClone(DEFAULT_SAFETY), 0)] },
      {
        'PUT /club/documents/:key': ({ body }) => doc('safety', body!.body as ClubDocumentTypes['safety'], 1),
      },
    );
    const section = await screen.findByRole('region', { name: 'Safety cards' });
    expect(await within(section).findByLabelText('Flag 1')).toHaveValue('Asthma');
    const unsigned = within(section).getByRole('checkbox', {
      name: /has not signed this term’s waiver may still sign up/,
    });
    expect(unsigned).toBeChecked();
    await user.click(within(section).getByRole('button', { name: 'Remove Epilepsy' }));
    await user.click(within(section).getByRole('button', { name: 'Add a health flag' }));
    const days = within(section).getByLabelText(/Days a card is kept/);
    await user.clear(days);
    await user.type(days, '5000');
    await user.click(within(section).getByRole('button', { name: 'Save safety card settings' }));
    // Nothing is sent while the schema finds something wrong: each problem next to its field, what was typed kept.
    expect(await within(section).findByLabelText('Flag 5')).toHaveAccessibleDescription(
      expect.stringContaining('Name each health flag'),
    );
    expect(days).toHaveAccessibleDescription(expect.stringContaining('at most 3650 days'));
    expect(days).toHaveValue(5000);
    expect(api.writes()).toEqual([]);
    await user.type(within(section).getByLabelText('Flag 5'), 'Pregnancy');
    await user.clear(days);
    await user.type(days, '30');
    await user.click(unsigned);
    const consent = within(section).getByLabelText(/What a member agrees to/);
    await user.clear(consent);
    await user.type(consent, 'I agree the execs may see my card.');
    await user.click(within(section).getByRole('button', { name: 'Save safety card settings' }));
    expect(await within(section).findByText(/Safety card settings saved/)).toBeInTheDocument();
    expect(api.writes().at(-1)).toMatchObject({
      path: '/club/documents/safety',
      body: {
        body: {
          flags: ['Asthma', 'Allergy', 'Diabetes', 'Heart condition', 'Pregnancy'],
          consentText: 'I agree the execs may see my card.',
          unsignedMaySignUp: false,
          keepDaysAfterMembership: 30,
        },
      },
    });
  });
});
