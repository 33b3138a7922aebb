// Another club's first day: a rowing-and-triathlon club in Sydney installs the app with no demo (its
// own server and database, the first-run setup), makes it its own from the admin screens on a phone
// (name, colours, words, time zone, country, language, a rowing workout type, its terms in the other
// hemisphere), and then nothing a visitor, a search engine, a link preview, an installed app, a
// calendar or an email sees says the demo club's name, address, colours or "Swim · Bike · Run".
import { expect, test, type APIRequestContext } from '@playwright/test';
import { PUBLIC_PAGES } from '../domain/contract/club/public-pages';
import { acceptCharter, expectNoAxeViolations, startOwnServer } from './support';

// E2E_PORT + 1 is the push stub, + 2 the passkeys spec's server, + 3 the screens' server.
const PORT = Number(process.env.E2E_PORT ?? 4317) + 4;
const ORIGIN = `http://127.0.0.1:${PORT}`;
let server: Awaited<ReturnType<typeof startOwnServer>>;


/**
 * What the demo club is known by, none of which the new club may show anywhere. (Its navy stays in the
 * stylesheet as the fallback the club's own colours override: the colours are checked on the page.)
 */
const DEMO_WORDS = ['University Triathlon Club', 'Tri Club', 'triathlon.club@university.test', 'Swim · Bike · Run', '+ HST'];

const CLUB = {
  name: 'Harbour Rowing & Tri',
  shortName: 'Harbour',
  tagline: 'Row, swim, ride and run on Sydney Harbour',
  description: 'A rowing and triathlon club in Sydney: erg and water sessions, swims, rides and runs for every level.',
  mainColour: '#0f3d3e',
  accentColour: '#9a3412',
  contactEmail: 'hello@harbour-rowing.test',
};
const ADMIN = { name: 'Ada Harbour', email: 'ada@harbour-rowing.test', password: 'harbour-admin-1' };

test.beforeAll(async () => {
  // No demo and no ADMIN_EMAIL: the app opens its one-time setup, as a new club's does.
  server = await startOwnServer('second-club', PORT, { APP_URL: ORIGIN, SEED_DEMO: '0' });
});

test.afterAll(async () => {
  await server.stop();
});

function expectNoDemo(text: string, where: string) {
  for (const word of DEMO_WORDS) expect(text.includes(word), `${where} says "${word}"`).toBe(false);
}

async function publish(request: APIRequestContext, token: string, key: string, body: unknown) {
  const headers = { authorization: `Bearer ${token}` };
  const current = await (await request.get(`${ORIGIN}/api/club/documents/${key}`, { headers })).json();
  const res = await request.put(`${ORIGIN}/api/club/documents/${key}`, { headers, data: { body, version: current.version } });
  expect(res.status(), await res.text()).toBe(200);
}

test.use({ viewport: { width: 390, height: 844 } });
test.setTimeout(180_000);

test('a rowing-and-tri club in Sydney makes the app its own, and nothing says the demo club', async ({ page, request }) => {
  // First run: the club's name, its sports and its first administrator.
  await page.goto(`${ORIGIN}/setup`);
  await page.getByLabel('Club name').fill(CLUB.name);
  const chosen = page.getByRole('group', { name: 'Sports the club does' });
  for (const sport of ['Swim', 'Bike', 'Run', 'Rowing']) await chosen.getByRole('checkbox', { name: sport }).check();
  await expectNoAxeViolations(page, 'the first-run setup of the second club');
  await page.getByLabel('Your name').fill(ADMIN.name);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Create the club' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=club/);
  // Everyone signed in accepts the charter first, the club's first administrator too.
  await acceptCharter(page);

  // Admin → Club: the short name, words, colours and address.
  await page.getByLabel('Short name').fill(CLUB.shortName);
  await page.getByLabel('Tagline').fill(CLUB.tagline);
  await page.getByLabel('Description').fill(CLUB.description);
  await page.getByLabel('Main colour').fill(CLUB.mainColour);
  await page.getByLabel('Accent colour').fill(CLUB.accentColour);
  await page.getByLabel('Contact email').fill(CLUB.contactEmail);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(/^Saved\./)).toBeVisible();

  // Admin → Rules: Sydney's clock, Australian phone numbers, Australian dates.
  await page.goto(`${ORIGIN}/admin?tab=rules`);
  await page.getByLabel('Club time zone').selectOption('Australia/Sydney');
  await page.getByRole('button', { name: 'Save time zone' }).click();
  await expect(page.getByText('Saved: the club’s clock is now Australia/Sydney.')).toBeVisible();
  await page.getByLabel('Country', { exact: true }).selectOption('AU');
  await page.getByLabel('Language and date format').fill('en-AU');
  await page.getByRole('button', { name: 'Save country and language' }).click();
  await expect(page.getByText('Saved: phone numbers are read for AU, dates are written in en-AU.')).toBeVisible();

  // Admin → Sports: an Erg is rowing, paced per 500 m.
  await page.goto(`${ORIGIN}/admin?tab=sports`);
  const sports = page.getByRole('form', { name: 'Sports and workout types' });
  await sports.getByRole('button', { name: 'Add a workout type' }).click();
  const names = sports.getByLabel('Name', { exact: true });
  await names.last().fill('Erg');
  const erg = sports.locator('.sports-admin__type').last();
  await erg.getByLabel('Sport').selectOption('row');
  await expect(erg.getByText(/per 500 m/)).toBeVisible();
  await sports.getByRole('button', { name: 'Save sports' }).click();
  await expect(page.getByText('Sports saved: the New Workout form, the badges and the filters use them now.')).toBeVisible();
  await expectNoAxeViolations(page, 'Admin → Sports of the second club');

  // The terms of a southern club (February to June, July to November), and fees with GST included:
  // through the API, as Admin → Terms and Admin → Pages save them.
  const token = (await (await request.post(`${ORIGIN}/api/auth/login`, { data: { email: ADMIN.email, password: ADMIN.password } })).json()).token as string;
  const year = new Date().getUTCFullYear();
  await publish(request, token, 'terms', {
    terms: [year, year + 1].flatMap((y) => [
      { id: `semester-1-${y}`, name: 'Semester 1', start: `${y}-02-01`, end: `${y}-06-30` },
      { id: `semester-2-${y}`, name: 'Semester 2', start: `${y}-07-01`, end: `${y}-11-30` },
    ]),
  });
  // A new club's Join us starts with no packages: the club sets its own.
  const join = (await (await request.get(`${ORIGIN}/api/club/documents/join-page`)).json()).body;
  expect(join.fees).toEqual([]);
  await publish(request, token, 'join-page', {
    ...join,
    fees: [{ name: 'Full year', for: 'Everyone', covers: 'Both semesters', fee: 480 }],
    tax: { name: 'GST', included: true },
  });

  // Every public page as a visitor, a search engine and a link preview receive it.
  for (const { path } of PUBLIC_PAGES) {
    const html = await (await request.get(`${ORIGIN}${path}`)).text();
    expectNoDemo(html, path);
    expect(html).toContain(CLUB.name.replace('&', '&amp;'));
    expect(html).toContain(`<meta name="theme-color" content="${CLUB.mainColour}">`);
  }
  const home = await (await request.get(`${ORIGIN}/`)).text();
  expect(home).toContain(`<meta name="description" content="${CLUB.description}">`);
  expect(home).toContain('"sport":');
  expect(home).toMatch(/"sport":\[?[^\]]*"Rowing"/);

  // The installed app: the manifest, with no demo screenshots.
  const manifest = await (await request.get(`${ORIGIN}/manifest.webmanifest`)).json();
  expect(manifest).toMatchObject({ name: CLUB.name, short_name: CLUB.shortName, theme_color: CLUB.mainColour, description: CLUB.description });
  expect(manifest.screenshots ?? []).toEqual([]);
  expectNoDemo(JSON.stringify(manifest), 'the manifest');

  // The public calendar feed.
  const feed = await (await request.get(`${ORIGIN}/api/calendar/club.ics`)).text();
  expect(feed).toContain(`X-WR-CALNAME:${CLUB.name}`);
  expectNoDemo(feed, 'the club feed');

  // The page itself: the club's colours, the fees with the club's tax, Home's two terms a year.
  await page.goto(`${ORIGIN}/join-us`);
  const colours = await page.evaluate(() => {
    const style = getComputedStyle(document.documentElement);
    return { main: style.getPropertyValue('--club-main').trim(), accent: style.getPropertyValue('--club-accent').trim() };
  });
  expect(colours).toEqual({ main: CLUB.mainColour, accent: CLUB.accentColour });
  await expect(page.getByRole('table', { name: 'Membership package fees, incl. GST' })).toBeVisible();
  await expect(page.getByRole('link', { name: CLUB.contactEmail }).first()).toBeVisible();
  expectNoDemo(await page.locator('body').innerText(), 'Join us');
  // Home as a visitor receives it: two membership terms a year, from the club's own terms.
  const visitorHome = await (await request.get(`${ORIGIN}/`)).text();
  expect(visitorHome).toMatch(/<dd>2<\/dd><dt>Membership sessions a year<\/dt>|<dt>Membership sessions a year<\/dt><dd>2<\/dd>/);

  // A member signs up with an Australian mobile, typed the Australian way.
  const signup = await request.post(`${ORIGIN}/api/auth/register`, {
    data: { email: 'rower@harbour-rowing.test', password: 'rowing-pass-1', name: 'Rhea Rower', phoneNumber: '0412 345 678' },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  expect((await signup.json()).user.phoneNumber).toBe('+61412345678');

  // An exec's workout, posted through the API, shows on the forum in the Australian way of writing dates.
  const headers = { authorization: `Bearer ${token}` };
  const date = `${year + 1}-03-02`;
  const posted = await request.post(`${ORIGIN}/api/forum/posts`, {
    headers,
    data: { type: 'workout', title: 'Erg intervals', workoutType: 'erg', workoutDate: date, workoutTime: '06:15', capacity: 8, content: '4 × 2 km' },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  await page.goto(`${ORIGIN}/forum`);
  const card = page.getByRole('article').filter({ hasText: 'Erg intervals' });
  await expect(card).toContainText('Erg');
  // en-AU: a 12-hour clock in lower case, and the day before the month.
  await expect(card).toContainText('6:15 – 7:15 am');
  await expect(page.getByRole('heading', { name: /^[A-Z][a-z]{2}, 2 Mar \d{4}$/ })).toBeVisible();

  // An email the club sends (a password reset) is signed with the club's name, not the demo's.
  await request.post(`${ORIGIN}/api/auth/forgot-password`, { data: { email: ADMIN.email } });
  const outbox = (await (await request.get(`${ORIGIN}/api/admin/outbox`, { headers })).json()).emails as { subject: string; text: string }[];
  expect(outbox.length).toBeGreaterThan(0);
  for (const mail of outbox) {
    expectNoDemo(`${mail.subject}\n${mail.text}`, `the email "${mail.subject}"`);
  }
  expect(outbox.some((m) => `${m.subject}\n${m.text}`.includes(CLUB.name))).toBe(true);
});
