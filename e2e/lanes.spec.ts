import { expect, test } from '@playwright/test';
import { acceptCharterInDb, apiToken, confirmAttendance, createMember, createMemberWithToken, DEMO, inDays, openTestDb, screenshots, signIn, startWorkoutInDb, withServiceWorker } from './support';

// Lanes by pace, on a phone: a member signs up into the lane their pace suggests; poolside, the exec
// takes attendance from the lane sheets without signal, and it reaches the club once back online.
test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 } });
test.slow();

const UNSYNCED = 'Saved on this device — not yet synced';

test('signs up into the suggested lane, and attendance is taken by lane offline', async ({ page, request, browser }) => {
  acceptCharterInDb(DEMO.exec.email);
  const exec = await apiToken(request, DEMO.exec);
  const title = `Squad swim ${Date.now().toString(36)}`;
  const created = await request.post('/api/forum/posts', {
    headers: { authorization: `Bearer ${exec}` },
    data: {
      type: 'workout', title, workoutType: 'swim', workoutDate: inDays(3), workoutTime: '07:00', content: 'Three lanes by pace.',
      lanes: [
        { name: 'Lane 1', pace: 'under 1:30', paceTo: 90, capacity: 6 },
        { name: 'Lane 2', pace: '1:30–1:50', paceFrom: 90, paceTo: 110, capacity: 6 },
        { name: 'Lane 3', pace: 'over 1:50', paceFrom: 110, capacity: 6 },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const workout = (await created.json()).post as { id: number; lanes: { id: number; name: string }[] };
  const [lane1, lane2] = workout.lanes;

  const swimmer = await createMember(request, 'Lena Lane');
  const db = openTestDb();
  db.prepare('update users set swim_pace = 100 where id = ?').run(swimmer.id); // 1:40 per 100 m
  db.close();
  const quick = await createMemberWithToken(request, 'Quinn Quick');
  const res = await request.post(`/api/forum/workouts/${workout.id}/signup`, {
    headers: { authorization: `Bearer ${quick.token}` },
    data: { signedUp: true, lane: lane1!.id },
  });
  expect(res.ok(), await res.text()).toBe(true);

  await signIn(page, swimmer);
  await page.goto(`/workout/${workout.id}`);
  const lanes = page.getByRole('group', { name: 'Lanes' });
  await expect(lanes.getByText('Suggested for your pace: Lane 2')).toBeVisible();
  await expect(lanes.getByRole('radio', { name: /Lane 2 · 0 of 6/ })).toBeChecked();
  await screenshots(page, 'lanes-picker');
  await lanes.getByRole('button', { name: 'Sign up in Lane 2' }).click();
  await expect(lanes.getByText('You are signed up in Lane 2.')).toBeVisible();
  const check = openTestDb();
  const row = check.prepare('select lane_id from workout_signups where post_id = ? and user_id = ?').get(workout.id, swimmer.id) as { lane_id: number };
  check.close();
  expect(row.lane_id).toBe(lane2!.id);

  // Poolside: the workout has started; the exec opens it online, then loses signal.
  startWorkoutInDb(workout.id);
  const context = await browser.newContext({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 } });
  const poolside = await context.newPage();
  await signIn(poolside, DEMO.exec);
  await withServiceWorker(poolside);
  await poolside.goto(`/workout/${workout.id}?take=attendance`);
  await expect(poolside.getByRole('heading', { name: 'Lane 1 · 1 of 6' })).toBeVisible();
  await expect(poolside.getByRole('heading', { name: 'Lane 2 · 1 of 6' })).toBeVisible();
  await context.setOffline(true);
  await poolside.getByRole('checkbox', { name: /Present.*Lena Lane/ }).check();
  await screenshots(poolside, 'lanes-attendance');
  await poolside.getByRole('button', { name: 'Submit Attendance' }).click();
  await expect(poolside.getByRole('dialog', { name: 'Submit attendance?' })).toContainText('Quinn Quick');
  await confirmAttendance(poolside);
  await expect(poolside.getByText(UNSYNCED)).toBeVisible();
  const count = () => {
    const d = openTestDb();
    const n = (d.prepare('select count(*) n from attendance_records where post_id = ?').get(workout.id) as { n: number }).n;
    d.close();
    return n;
  };
  expect(count()).toBe(0);
  await context.setOffline(false);
  await expect.poll(count, { timeout: 20_000 }).toBe(2);
  await context.close();
});
