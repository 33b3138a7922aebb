import { describe, expect, it } from 'vitest';
import { defaultTerms, type TermDefinition } from '../calendar';
import { DEFAULT_HOME, PAGE_PLACEHOLDERS, defaultFaq, defaultJoin, fillFacts, pageFilled, type PageFacts } from './club-pages';
import { pageHtml } from './markdown';
import { DEFAULT_RULE_NUMBERS } from '../rules';
import { defaultSeasons } from '../schedule';

const FACTS: PageFacts = {
  clubName: 'Harbour Rowing and Triathlon Club',
  contactEmail: 'crew@harbour.test',
  rules: DEFAULT_RULE_NUMBERS,
  terms: defaultTerms().terms,
  seasons: defaultSeasons(),
};

const THREE_TERMS: TermDefinition[] = [
  { id: 'summer-2027', name: 'Summer', start: '2027-01-01', end: '2027-03-31' },
  { id: 'autumn-2027', name: 'Autumn', start: '2027-04-01', end: '2027-07-31' },
  { id: 'spring-2027', name: 'Spring', start: '2027-08-01', end: '2027-12-31' },
];

describe('placeholders', () => {
  it("fill in the club's name, contact address, terms and a session of its schedule", () => {
    expect(fillFacts('Write to [{email}](mailto:{email}), the {club}.', FACTS)).toBe(
      'Write to [crew@harbour.test](mailto:crew@harbour.test), the Harbour Rowing and Triathlon Club.',
    );
    expect(fillFacts('{terms-a-year} sessions', FACTS)).toBe('4 sessions');
    expect(fillFacts('{terms-a-year} sessions', { ...FACTS, terms: THREE_TERMS })).toBe('3 sessions');
    expect(fillFacts('Tempo at {start:Group tempo run}', FACTS)).toBe('Tempo at 6:15 PM');
    expect(fillFacts('Tempo at {start:  group TEMPO run }', FACTS)).toBe('Tempo at 6:15 PM');
  });

  it('leave any other braces as typed: an unknown name, a session the schedule lacks, a word where none is taken', () => {
    for (const text of ['{clubs}', '{start:Sunrise regatta}', '{start}', '{club:x}', '{ club }', '{}']) expect(fillFacts(text, FACTS)).toBe(text);
    expect(fillFacts('{start:Group tempo run}', { ...FACTS, seasons: undefined })).toBe('{start:Group tempo run}');
  });

  it("fill in a package's fee with the club's tax from Join us, and the default FAQ quotes the fees so", () => {
    const fees = { rows: [{ name: 'Season', for: 'Everyone', covers: 'Whole year', fee: 180 }], tax: { name: 'GST', included: true } };
    expect(fillFacts('{fee:Season} or {fee: season }', { ...FACTS, fees })).toBe('180 incl. GST or 180 incl. GST');
    expect(fillFacts('{fee:Season}', { ...FACTS, fees: { ...fees, tax: { name: '', included: false } } })).toBe('180');
    for (const facts of [{ ...FACTS, fees }, FACTS]) expect(fillFacts('{fee:Full Tri}', facts)).toBe('{fee:Full Tri}');
    // The demo's FAQ follows Join us: a club that quotes GST never reads "+ HST" there.
    const join = defaultJoin();
    const answers = defaultFaq().items.map((item) => fillFacts(item.answer, { ...FACTS, fees: { rows: join.fees, tax: { name: 'GST', included: true } } })).join('\n');
    expect(answers).toContain('101 incl. GST');
    expect(answers).not.toContain('HST');
  });

  it('are listed, each with what it becomes, in one table', () => {
    expect(PAGE_PLACEHOLDERS.map((p) => p.token)).toEqual([
      '{club}',
      '{email}',
      '{late-cancel-rule}',
      '{suspension-rule}',
      '{late-window}',
      '{suspension-short}',
      '{terms}',
      '{terms-a-year}',
      '{start:…}',
      '{fee:…}',
    ]);
    for (const p of PAGE_PLACEHOLDERS) expect(p.becomes.length, p.token).toBeGreaterThan(10);
    // Each listed placeholder is one the texts are filled with.
    for (const p of PAGE_PLACEHOLDERS.filter((q) => !q.token.includes(':'))) expect(fillFacts(p.token, FACTS), p.token).not.toBe(p.token);
  });
});

describe('the default texts', () => {
  it("name the club's contact address in force, never the one they were written with", () => {
    const faq = pageHtml('faq-page', defaultFaq(), FACTS);
    expect(faq['items.0.answer']).toContain('<a href="mailto:crew@harbour.test">crew@harbour.test</a>');
    const join = pageHtml('join-page', defaultJoin(), FACTS);
    expect(join['steps.3.text']).toContain('<a href="mailto:crew@harbour.test">crew@harbour.test</a>');
    expect(JSON.stringify([defaultFaq(), defaultJoin()])).not.toMatch(/@[a-z]+\.(test|org|edu)/);
  });

  it("give Home today's cards and figures, the figures filled from the terms and the schedule", () => {
    expect(DEFAULT_HOME.cards.map((c) => [c.icon, c.title])).toEqual([
      ['swim', 'Swim'],
      ['bike', 'Bike'],
      ['run', 'Run'],
    ]);
    expect(pageFilled('home-page', DEFAULT_HOME, FACTS)).toEqual({
      'figures.0.value': '2 h',
      'figures.0.label': 'Coached swim practice',
      'figures.1.value': '6:15 PM',
      'figures.1.label': 'Group tempo run',
      'figures.2.value': '4',
      'figures.2.label': 'Membership sessions a year',
    });
    expect(pageFilled('home-page', DEFAULT_HOME, { ...FACTS, terms: THREE_TERMS })['figures.2.value']).toBe('3');
  });
});
