// The club's public pages as documents: their defaults (today's texts), who may edit them (execs only
// when an administrator allows it), the check of each body, the Markdown sent rendered and
// sanitised, history and restore, and the edit that would overwrite a newer one.
import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join as joinPath } from 'node:path';
import sharp from 'sharp';
import { defaultFaq } from '../../../domain/documents/club-pages';
import { pictureForm, smallPng } from '../../testing/pictures';
import { ADMIN, EXEC, MEMBER, makeClub } from '../../testing/test-app';

const FAQ = '/api/club/documents/faq-page';

async function setup() {
  const club = await makeClub({ admin: ADMIN, other_admin: { role: 'administrator', name: 'Ada Other' }, exec: EXEC, me: MEMBER });
  const publish = (key: string, body: unknown, version: number, token = club.admin.token) =>
    club.t.call('PUT', `/api/club/documents/${key}`, { token, body: { body, version } });
  const allowExecs = async (allowed: boolean) => {
    const current = (await club.t.call('GET', '/api/club/documents/permissions', { token: club.admin.token })).body.version as number;
    expect((await publish('permissions', { execsEditPages: allowed }, current)).status).toBe(200);
  };
  return { ...club, publish, allowExecs };
}

const VALID: Record<string, unknown> = {
  'home-page': { title: 'Row. Together.', tagline: 'On the river.', about: 'We **row**.', photos: [{ image: '/images/swim', alt: 'A swimmer', caption: 'Swim' }] },
  'join-page': {
    intro: 'Come along.',
    goal: 'Have *fun*.',
    whoCanJoin: ['Anyone over 18.'],
    athleteTypes: [{ name: 'Runner', text: 'Runs.' }],
    steps: [{ title: 'Pay', text: 'At the [desk](https://example.org).' }],
    fees: [{ name: 'Season', for: 'Everyone', covers: 'Whole year', fee: 99 }],
    feesNote: 'Plus HST.',
  },
  'faq-page': { items: [{ id: 'bikes', question: 'Do I need a bike?', answer: 'Not to start: **spin bikes** are provided.' }] },
  'resources-page': { placeholder: 'Links soon.', links: [{ title: 'Swim drills', url: 'https://example.org/drills' }, { title: 'Schedule', url: '/schedule' }] },
  'gear-page': { placeholder: 'Soon.', items: [{ name: 'Tri suit', description: 'Order by *October*.' }] },
};

const join = VALID['join-page'] as Record<string, unknown>;
const home = VALID['home-page'] as Record<string, unknown>;
const INVALID: [key: string, body: unknown, field: string, message: string][] = [
  ['home-page', { ...home, photos: [{ image: 'https://evil.example/x', alt: 'x', caption: 'x' }] }, 'photos.0.image', 'Choose one of the photos'],
  ['home-page', { ...home, photos: [{ image: '/images/swim', alt: '', caption: 'x' }] }, 'photos.0.alt', 'Write what the photo shows (its alt text)'],
  ['home-page', { ...home, photos: [] }, 'photos', 'Keep at least one photo'],
  ['home-page', { ...home, cards: [{ icon: 'rocket', title: 'Row', text: 'On the river.' }] }, 'cards.0.icon', 'Choose the card’s picture'],
  ['home-page', { ...home, cards: [{ icon: 'none', title: ' ', text: 'On the river.' }] }, 'cards.0.title', 'Write the card’s title'],
  ['home-page', { ...home, figures: [{ value: '', label: 'Crews' }] }, 'figures.0.value', 'Write the figure'],
  ['join-page', { ...join, fees: [{ name: 'Season', for: 'Everyone', covers: 'Whole year', fee: -5 }] }, 'fees.0.fee', 'A fee is not negative'],
  ['join-page', { ...join, steps: [] }, 'steps', 'Give at least one step'],
  ['join-page', { ...join, goal: '' }, 'goal', 'Write the goal'],
  ['join-page', { ...join, tax: { name: 'GST\r\nX', included: true } }, 'tax.name', 'The tax’s name cannot contain line breaks, tabs or invisible control characters'],
  ['join-page', { ...join, tax: { name: 'Goods and services', included: true } }, 'tax.name', 'A tax’s name is at most 12 characters'],
  ['faq-page', { items: [{ id: 'a', question: ' ', answer: 'x' }] }, 'items.0.question', 'Write the question'],
  ['faq-page', { items: [{ id: 'a', question: 'Q', answer: '' }] }, 'items.0.answer', 'Write the answer'],
  ['faq-page', { items: [{ id: 'a', question: 'Q', answer: 'x' }, { id: 'a', question: 'R', answer: 'y' }] }, 'items', 'Two questions have the same anchor'],
  ['resources-page', { placeholder: 'x', links: [{ title: 'Bad', url: 'javascript:alert(1)' }] }, 'links.0.url', 'A link goes to a web address (https://…), an email (mailto:…) or a page of this site (/…)'],
  ['resources-page', { placeholder: 'x', links: [{ title: '', url: '/a' }] }, 'links.0.title', 'Write the link’s title'],
  ['gear-page', { placeholder: '', items: [] }, 'placeholder', 'Write the text shown while there are no items'],
];

describe('page documents', () => {
  it('start as today’s texts, readable by anyone, the FAQ’s answers rendered', async () => {
    const { t } = await setup();
    const faq = await t.call('GET', FAQ);
    expect(faq.status).toBe(200);
    expect(faq.body.version).toBe(0);
    expect(faq.body.body).toEqual(defaultFaq());
    expect(faq.body.body.items).toHaveLength(13);
    expect(faq.body.body.items[0]).toMatchObject({ id: 'how-to-join', question: 'How do I join the club?' });
    expect(faq.body.html['items.0.answer']).toContain('<a href="/login?mode=signup">create an account</a>');
    expect(faq.body.html['items.0.answer']).toContain(`<a href="mailto:${t.deps.env.CLUB_EMAIL}">`);
    const homePage = (await t.call('GET', '/api/club/documents/home-page')).body;
    expect(homePage.body.title).toBe('Swim. Bike. Run. Together.');
    expect(homePage.body.photos.map((p: { image: string }) => p.image)).toEqual(['/images/swim', '/images/bike', '/images/run']);
    expect(homePage.html.about).toMatch(/^<p>We are the university’s triathlon club/);
    const joinPage = (await t.call('GET', '/api/club/documents/join-page')).body;
    expect(joinPage.body.fees).toHaveLength(6);
    expect(joinPage.body.fees[0]).toEqual({ name: 'Full Tri', for: 'Triathletes', covers: 'Whole year', fee: 256 });
    expect(joinPage.body.steps).toHaveLength(5);
    expect(joinPage.html['steps.2.text']).toContain('<a href="/login?mode=signup">Create an account</a>');
    expect(joinPage.html['whoCanJoin.0']).toBe('<p>Anyone aged 18 or over, or 17 or over for current students.</p>\n');
    expect((await t.call('GET', '/api/club/documents/resources-page')).body.body).toEqual({ placeholder: 'Training plans, guides, and helpful links will appear here.', links: [] });
    expect((await t.call('GET', '/api/club/documents/gear-page')).body.body).toEqual({ placeholder: 'Club-branded kits and merchandise. Coming soon!', items: [] });
  });

  for (const key of Object.keys(VALID)) {
    it(`${key}: an administrator publishes; an exec only when allowed; a member never`, async () => {
      const { t, exec, me, publish, allowExecs } = await setup();
      expect((await publish(key, VALID[key], 0, me.token)).status).toBe(403);
      const refused = await publish(key, VALID[key], 0, exec.token);
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe('Only administrators, and execs when allowed, can change the pages');
      expect((await t.call('PUT', `/api/club/documents/${key}`, { body: { body: VALID[key], version: 0 } })).status).toBe(401);
      const published = await publish(key, VALID[key], 0);
      expect(published.status).toBe(200);
      expect(published.body).toMatchObject({ version: 1, body: VALID[key] });
      await allowExecs(true);
      const byExec = await publish(key, VALID[key], 1, exec.token);
      expect(byExec.status).toBe(200);
      expect(byExec.body.publishedBy.name).toBe(exec.name);
      // The history is its editors' only.
      expect((await t.call('GET', `/api/club/documents/${key}/versions`, { token: exec.token })).status).toBe(200);
      expect((await t.call('GET', `/api/club/documents/${key}/versions`, { token: me.token })).status).toBe(403);
      await allowExecs(false);
      expect((await publish(key, VALID[key], 2, exec.token)).status).toBe(403);
      expect((await t.call('GET', `/api/club/documents/${key}/versions`, { token: exec.token })).status).toBe(403);
    });
  }

  for (const [key, body, field, message] of INVALID) {
    it(`${key}: refuses ${field} with its message (400) and writes nothing`, async () => {
      const { t, publish } = await setup();
      const refused = await publish(key, body, 0);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ error: message, field });
      expect((await t.call('GET', `/api/club/documents/${key}`)).body.version).toBe(0);
    });
  }

  it('sends each Markdown field sanitised: no script, no handler, no javascript: link, no comment', async () => {
    const { t, publish } = await setup();
    const answer = 'Hi <script>alert(1)</script> <img src=x onerror=alert(1)> [x](javascript:alert(1)) <!-- c --> [ok](/faq)';
    expect((await publish('faq-page', { items: [{ id: 'q', question: 'Q?', answer }] }, 0)).status).toBe(200);
    const html = (await t.call('GET', FAQ)).body.html['items.0.answer'] as string;
    expect(html).not.toMatch(/<script|<img|<[^>]*onerror|href="javascript|<!--/i);
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('<a href="/faq">ok</a>');
  });

  it('keeps every version and restores one (or the default) as a new version', async () => {
    const { t, admin, publish } = await setup();
    await publish('faq-page', VALID['faq-page'], 0);
    const second = { items: [{ id: 'bikes', question: 'Do I need a bike?', answer: 'Yes.' }] };
    await publish('faq-page', second, 1);
    const history = await t.call('GET', `${FAQ}/versions`, { token: admin.token });
    expect(history.body.current).toBe(2);
    expect(history.body.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    const restored = await t.call('POST', `${FAQ}/versions/1/restore`, { token: admin.token, body: { version: 2 } });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ version: 3, body: VALID['faq-page'], note: 'Restored version 1' });
    expect((await t.call('GET', FAQ)).body.html['items.0.answer']).toContain('<strong>spin bikes</strong>');
    const back = await t.call('POST', `${FAQ}/versions/0/restore`, { token: admin.token, body: { version: 3 } });
    expect(back.body.body.items).toHaveLength(13);
  });

  it('tells the second of two editors of the same version, with the newer text, and keeps the first', async () => {
    const { t, other_admin, publish } = await setup();
    expect((await publish('faq-page', VALID['faq-page'], 0)).status).toBe(200);
    const late = await publish('faq-page', { items: [{ id: 'x', question: 'Mine?', answer: 'Mine.' }] }, 0, other_admin.token);
    expect(late.status).toBe(409);
    expect(late.body.current).toMatchObject({ version: 1, body: VALID['faq-page'] });
    expect(late.body.current.html['items.0.answer']).toContain('<strong>spin bikes</strong>');
    expect((await t.call('GET', FAQ)).body.body).toEqual(VALID['faq-page']);
  });

  it('takes a home page photo through the picture pipeline, as its two widths, from page editors only', async () => {
    const { t, admin, exec, me, publish, allowExecs } = await setup();
    const upload = (token: string, form?: FormData) => t.call('POST', '/api/club/photos', { token, body: form ?? pictureForm(Buffer.from('not a picture'), 'x.png', 'image/png', 'photo') });
    const photo = async () => pictureForm(await smallPng(400, 300), 'photo.png', 'image/png', 'photo');
    expect((await upload(me.token, await photo())).status).toBe(403);
    expect((await upload(exec.token, await photo())).status).toBe(403);
    expect((await upload(admin.token)).status).toBe(415);
    // Refused in the words of a photo, as the picture forms are in theirs.
    expect(await t.call('POST', '/api/club/photos', { token: admin.token, body: { image: 'x' } })).toMatchObject({
      status: 415,
      body: { error: 'Send the photo as multipart/form-data in the field photo' },
    });
    expect(await upload(admin.token, pictureForm(await smallPng(40, 30), 'photo.png', 'image/png', 'picture'))).toMatchObject({
      status: 400,
      body: { error: 'Please choose a photo to upload' },
    });
    await allowExecs(true);
    const res = await upload(exec.token, await photo());
    expect(res.status).toBe(201);
    const image = res.body.image as string;
    expect(image).toMatch(/^\/uploads\/[a-f0-9]{32}$/);
    for (const [width, height] of [[800, 450], [1600, 900]] as const) {
      const file = joinPath(t.deps.uploadsDir, `${image.slice('/uploads/'.length)}-${width}.webp`);
      expect(existsSync(file)).toBe(true);
      expect(await sharp(file).metadata()).toMatchObject({ format: 'webp', width, height });
    }
    // The home page takes it with its alt text.
    const published = await publish('home-page', { ...(VALID['home-page'] as object), photos: [{ image, alt: 'Our team at the lake', caption: 'Summer' }] }, 0);
    expect(published.status).toBe(200);
  });

  it("sends Home's cards and figures, each figure filled from the terms and the schedule in force", async () => {
    const { t, publish } = await setup();
    const read = async () => (await t.call('GET', '/api/club/documents/home-page')).body as { body: { cards: { title: string }[] }; filled: Record<string, string> };
    const before = await read();
    expect(before.body.cards.map((c) => c.title)).toEqual(['Swim', 'Bike', 'Run']);
    expect(before.filled).toMatchObject({ 'figures.1.value': '6:15 PM', 'figures.1.label': 'Group tempo run', 'figures.2.value': '4', 'figures.2.label': 'Membership sessions a year' });
    // The club sets three terms a year: the figure says so on the next request.
    const three = [
      { id: 'summer-2027', name: 'Summer', start: '2027-01-01', end: '2027-03-31' },
      { id: 'autumn-2027', name: 'Autumn', start: '2027-04-01', end: '2027-07-31' },
      { id: 'spring-2027', name: 'Spring', start: '2027-08-01', end: '2027-12-31' },
    ];
    expect((await publish('terms', { terms: three }, 0)).status).toBe(200);
    expect((await read()).filled['figures.2.value']).toBe('3');
    // The tempo run moves to 6:30 PM in the timetable.
    const seasons = (await t.call('GET', '/api/club/documents/seasons')).body.body as { seasons: { sessions: { title: string; start: string; end: string }[] }[] };
    for (const season of seasons.seasons) for (const s of season.sessions) if (s.title === 'Group tempo run') Object.assign(s, { start: '18:30', end: '19:30' });
    expect((await publish('seasons', seasons, 0)).status).toBe(200);
    expect((await read()).filled['figures.1.value']).toBe('6:30 PM');
  });
});
