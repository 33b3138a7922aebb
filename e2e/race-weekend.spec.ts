import { expect, test } from '@playwright/test';
import { clubToday } from '../domain/clock';
import { createMember, createMemberWithToken, inDays, screenshots, signIn } from './support';
import { clubFormat } from '../domain/region/club-format';

// Race weekend on a phone: a member enters a distance, takes a seat in a club-mate's lift, and on
// race day enters a result and finds the personal best on their profile; a driver changes their lift.
// Results open on the race's own day on the club's clock, so the first race is today's there.

test.use({ viewport: { width: 390, height: 844 } });

test('a member enters a distance, takes a seat in a lift, enters a result on race day and sees the personal best', async ({ page, request }) => {
  const driver = await createMemberWithToken(request, 'Dana Driver');
  const name = `Harbour Tri ${Date.now().toString(36)}`;
  const raceDay = clubToday(Date.now(), (await (await request.get('/api/config')).json()).clubTimeZone);
  const created = await request.post('/api/races', {
    headers: { authorization: `Bearer ${driver.token}` },
    data: { name, date: raceDay, location: 'Harbour Front', description: '', distances: ['Sprint', 'Olympic'] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const raceId = (await created.json()).race.id as number;
  const lift = await request.post(`/api/races/${raceId}/lifts`, {
    headers: { authorization: `Bearer ${driver.token}` },
    data: { leavingFrom: 'Sports centre', leavingAt: `${raceDay}T05:30`, seats: 3, bikeSpots: 2, note: 'Roof rack' },
  });
  expect(lift.status(), await lift.text()).toBe(201);

  const racer = await createMember(request, 'Riley Racer');
  await signIn(page, racer);
  await page.goto(`/race/${raceId}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('link', { name: /Map/ })).toHaveAttribute('href', /openstreetmap\.org\/search\?query=Harbour%20Front/);

  // Entry: the distance is required, then saved and listed.
  const entry = page.getByRole('region', { name: 'Who races what' });
  await entry.getByRole('button', { name: 'Enter this distance' }).click();
  await expect(entry.getByText('Choose a distance')).toBeVisible();
  await entry.getByLabel('Your distance').selectOption('Sprint');
  await entry.getByLabel('Wave or start time').fill('07:40');
  await entry.getByRole('button', { name: 'Enter this distance' }).click();
  await expect(entry.getByRole('status')).toHaveText('Your entry is saved.');
  await expect(entry.getByRole('heading', { name: 'Sprint (1)' })).toBeVisible();
  await expect(entry.getByText('Riley Racer (you)')).toBeVisible();

  // A seat in Dana's lift.
  const lifts = page.getByRole('region', { name: 'Lifts' });
  await expect(lifts.getByText('Seats: 3 free of 3')).toBeVisible();
  await lifts.getByRole('button', { name: 'Take a seat' }).click();
  await expect(lifts.getByRole('button', { name: 'Give back my seat' })).toBeVisible();
  await expect(lifts.getByText('Seats: 2 free of 3')).toBeVisible();
  await expect(lifts.getByText('Riding: Riley Racer')).toBeVisible();
  await screenshots(page, 'race-weekend-race-day');

  // After the race, the same day: the result, refused until it is a time.
  const results = page.getByRole('region', { name: 'Results' });
  await results.getByLabel('Finish time').fill('fast');
  await results.getByRole('button', { name: 'Save result' }).click();
  await expect(results.getByText('Enter the finish time as H:MM:SS or MM:SS')).toBeVisible();
  await results.getByLabel('Finish time').fill('1:05:30');
  await results.getByLabel('Swim').fill('14:20');
  await results.getByRole('button', { name: 'Save result' }).click();
  await expect(results.getByRole('status')).toHaveText('Result saved.');
  await expect(results.getByRole('table', { name: 'Sprint' })).toContainText('1:05:30');

  await page.goto('/profile');
  const bests = page.getByRole('region', { name: 'Personal bests' });
  await expect(bests).toContainText('Sprint: 1:05:30');
  await expect(bests.getByText('New personal best!')).toBeVisible();
  await screenshots(page, 'race-weekend-profile');
});

test('the driver changes their lift from the race page: too few seats for its riders is refused, a new time is saved', async ({ page, request }) => {
  const driver = await createMemberWithToken(request, 'Drew Driver');
  const rider = await createMemberWithToken(request, 'Rory Rider');
  const name = `Lakeside Tri ${Date.now().toString(36)}`;
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const created = await request.post('/api/races', {
    headers: auth(driver.token),
    data: { name, date: inDays(4), location: 'Lakeside', description: '', distances: ['Sprint'] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const raceId = (await created.json()).race.id as number;
  const offered = await request.post(`/api/races/${raceId}/lifts`, {
    headers: auth(driver.token),
    data: { leavingFrom: 'Sports centre', leavingAt: `${inDays(4)}T05:30`, seats: 3, bikeSpots: 1, note: '' },
  });
  expect(offered.status(), await offered.text()).toBe(201);
  const liftId = (await offered.json()).lift.id as number;
  const seat = await request.post(`/api/races/${raceId}/lifts/${liftId}/seat`, { headers: auth(rider.token) });
  expect(seat.status(), await seat.text()).toBe(200);

  await signIn(page, driver);
  await page.goto(`/race/${raceId}`);
  const lifts = page.getByRole('region', { name: 'Lifts' });
  await expect(lifts.getByText('Riding: Rory Rider')).toBeVisible();
  await lifts.getByRole('button', { name: 'Edit lift' }).click();
  const form = lifts.getByRole('form', { name: 'Edit lift' });
  await expect(form.getByLabel('Leaving from')).toBeFocused();
  await expect(form.getByLabel('Leaving at')).toHaveValue(`${inDays(4)}T05:30`);

  // Rory has a seat: the server keeps at least one.
  await form.getByLabel('Leaving at').fill(`${inDays(4)}T06:15`);
  await form.getByLabel('Seats').fill('0');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByLabel('Seats')).toHaveAccessibleDescription('1 rider already has a seat: offer at least 1 seat');
  await expect(form.getByLabel('Leaving at')).toHaveValue(`${inDays(4)}T06:15`);
  await screenshots(page, 'race-weekend-edit-lift');

  await form.getByLabel('Seats').fill('2');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form).toBeHidden();
  // The lift's time in the club's date and time format (the demo club's en-US).
  await expect(lifts.getByText(clubFormat('en-US').dateTime(inDays(4), '06:15', 'short'), { exact: false })).toBeVisible();
  await expect(lifts.getByText('Seats: 1 free of 2')).toBeVisible();
  await expect(lifts.getByRole('button', { name: 'Edit lift' })).toBeFocused();

  // Rory sees the new time on the race page.
  const seen = await request.get(`/api/races/${raceId}`, { headers: auth(rider.token) });
  expect((await seen.json()).race.lifts[0]).toMatchObject({ leavingAt: `${inDays(4)}T06:15`, seats: 2, mySeat: true });
});
