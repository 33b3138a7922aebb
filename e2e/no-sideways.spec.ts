import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DEMO, acceptCharterInDb, apiToken, createMemberWithToken, inDays, openTestDb, signIn } from './support';

// A name with no spaces (a spreadsheet's =HYPERLINK(...) imported as it was) must wrap, never push a
// page sideways: at a phone's and a laptop's width, on every page that shows a member's name or a
// post's title, nothing scrolls sideways and the members table shows every column.

const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

/** 120 characters, no space: longer than a sign-up allows, as an older import could have stored it. */
const LONG_NAME = `=HYPERLINK("https://docs.example.org/spreadsheets/d/${'1aB2cD3eF4gH5iJ6kL7mN8oP9qR0sT'.repeat(4)}`.slice(0, 118) + '")';
/** A title and a place at the contract's limits, with no space either. */
const LONG_TITLE = `Intervals${'-400m@threshold'.repeat(7)}`.slice(0, 100);
const LONG_PLACE = `Varsity-Aquatic-Centre,lane${'-4'.repeat(100)}`.slice(0, 200);

/** The page at `path`, at each size: the document is no wider than the window. */
async function expectNoSidewaysScroll(page: Page, path: string, ready: (page: Page) => Locator): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto(path);
    await expect(ready(page).first()).toBeVisible();
    // A lazy image out of view never loads, so only the others are waited for.
    await page.waitForFunction(() => [...document.images].every((img) => img.complete || img.loading === 'lazy'));
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect.soft(scrollWidth, `${path} scrolls sideways at ${size.width}px`).toBeLessThanOrEqual(innerWidth);
  }
}

async function post(request: APIRequestContext, token: string, data: Record<string, unknown>): Promise<number> {
  const res = await request.post('/api/forum/posts', { headers: { authorization: `Bearer ${token}` }, data });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { post: { id: number } }).post.id;
}

// The coach's card renamed by the test, put back after it whatever happened (a timed-out test's own
// request context is closed by then; the hook's is not), so the pages tested later show the club's team.
let renamedCard: { id: string; name: string } | null = null;
test.afterEach(async ({ request }) => {
  if (!renamedCard) return;
  const execToken = await apiToken(request, DEMO.exec);
  const res = await request.put(`/api/profiles/${renamedCard.id}`, { headers: { authorization: `Bearer ${execToken}` }, data: { name: renamedCard.name } });
  expect(res.status()).toBe(200);
  renamedCard = null;
});

test('a 120-character name with no spaces scrolls no page sideways, at 390 and 1280 px', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  // An exec, so the name is also a post's author; renamed in the database (sign-up stops at 100).
  const wide = await createMemberWithToken(request, 'Wide', { role: 'exec' });
  // Members with long addresses beside it, as a real club has: the table still fits at a laptop's width.
  for (const name of ['Annabelle Aquatic Longfellow', 'Bartholomew Brick Montgomery', 'Cassiopeia Cadence Worthington']) {
    await createMemberWithToken(request, name);
  }
  const db = openTestDb();
  db.prepare('update users set name = ? where id = ?').run(LONG_NAME, wide.id);
  db.close();

  const workoutId = await post(request, wide.token, {
    type: 'workout',
    title: LONG_TITLE,
    workoutType: 'swim',
    workoutDate: inDays(2),
    workoutTime: '07:00',
    workoutLocation: LONG_PLACE,
    content: `Bring${'-fins-and-a-pull-buoy'.repeat(20)}`,
    capacity: 12,
  });
  const eventId = await post(request, wide.token, {
    type: 'event',
    title: LONG_TITLE,
    eventDate: inDays(3),
    eventTime: '18:00',
    eventLocation: LONG_PLACE,
    content: 'Pizza after the swim.',
  });
  const auth = { authorization: `Bearer ${wide.token}` };
  expect((await request.post(`/api/forum/workouts/${workoutId}/signup`, { headers: auth, data: { signedUp: true } })).status()).toBe(200);
  expect((await request.post(`/api/forum/events/${eventId}/rsvp`, { headers: auth, data: { status: 'going' } })).status()).toBe(200);

  // A coach's card with the longest name the club allows, put back afterwards.
  const { teamMembers } = (await (await request.get('/api/profiles')).json()) as { teamMembers: { id: string; name: string }[] };
  const card = teamMembers[0]!;
  const execToken = await apiToken(request, DEMO.exec);
  const rename = (name: string) => request.put(`/api/profiles/${card.id}`, { headers: { authorization: `Bearer ${execToken}` }, data: { name } });
  renamedCard = { id: card.id, name: card.name };
  expect((await rename(LONG_NAME.slice(0, 100))).status()).toBe(200);

  {
    await signIn(page, wide);
    const byName = (p: Page) => p.getByText(LONG_NAME);
    const byTitle = (p: Page) => p.getByText(LONG_TITLE);
    await expectNoSidewaysScroll(page, '/', byTitle);
    await expectNoSidewaysScroll(page, '/forum', byTitle);
    await expectNoSidewaysScroll(page, '/forum?tab=events', byTitle);
    await expectNoSidewaysScroll(page, `/workout/${workoutId}`, byName);
    await expectNoSidewaysScroll(page, `/event/${eventId}`, byName);
    await expectNoSidewaysScroll(page, '/profile', byName);
    await expectNoSidewaysScroll(page, `/attendance/members/${wide.id}`, byName);
    await expectNoSidewaysScroll(page, '/coaches-exec', (p) => p.getByText(LONG_NAME.slice(0, 100)));
    await page.goto('/coaches-exec');
    const teamLink = await page.getByRole('link', { name: LONG_NAME.slice(0, 100) }).first().getAttribute('href');
    await expectNoSidewaysScroll(page, teamLink!, (p) => p.getByRole('heading', { level: 1, name: LONG_NAME.slice(0, 100) }));

    // The administrator's members list: no sideways scroll, and every column of the row in view.
    acceptCharterInDb(DEMO.admin.email);
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signIn(admin, DEMO.admin);
    await expectNoSidewaysScroll(admin, '/admin', byName);
    for (const size of SIZES) {
      await admin.setViewportSize(size);
      const row = admin.getByRole('row', { name: new RegExp(LONG_NAME.slice(0, 30).replace(/[()"=.]/g, '\\$&')) });
      const edit = row.getByRole('button', { name: `Edit ${LONG_NAME}` });
      await edit.scrollIntoViewIfNeeded();
      const box = await edit.boundingBox();
      expect.soft(box, `Edit is on screen at ${size.width}px`).not.toBeNull();
      expect.soft(box!.x + box!.width, `Edit within the window at ${size.width}px`).toBeLessThanOrEqual(size.width);
      const table = await admin.locator('.members-table').evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
      expect.soft(table.scroll, `the members table scrolls inside itself at ${size.width}px`).toBeLessThanOrEqual(table.client);
    }
    await adminContext.close();
  }
});
