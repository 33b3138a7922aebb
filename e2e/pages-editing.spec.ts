import { expect, test } from '@playwright/test';
import { DEMO, acceptCharterInDb, screenshots, signIn } from './support';

// An administrator changes an FAQ answer in Admin → Pages: the server's HTML of /faq carries it on the
// next request (no rebuild, no restart), and the page shows it with its Markdown rendered. Restoring
// the version before puts the old answer back.

test('an FAQ answer edited in Admin → Pages is in the server’s HTML of /faq and on the page', async ({ page, request }) => {
  const answer = `Bring **goggles** and a smile ${Date.now().toString(36)}.`;
  const rendered = answer.replace('**goggles**', '<strong>goggles</strong>');
  const before = await (await request.get('/faq')).text();
  expect(before).not.toContain(rendered);

  acceptCharterInDb(DEMO.admin.email);
  await signIn(page, DEMO.admin);
  await page.goto('/admin?tab=pages');
  await page.getByLabel('Page', { exact: true }).selectOption('FAQ');
  const editor = page.getByRole('form', { name: 'FAQ page' });
  const answers = editor.getByRole('textbox', { name: 'Answer' });
  await expect(answers.first()).toBeVisible();
  const equipment = editor.getByRole('listitem').filter({ has: page.getByRole('textbox', { name: 'Question' }) }).nth(8);
  await expect(equipment.getByRole('textbox', { name: 'Question' })).toHaveValue('What equipment do I need?');
  await equipment.getByRole('textbox', { name: 'Answer' }).fill(answer);

  await editor.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.locator('strong', { hasText: 'goggles' })).toBeVisible();
  await screenshots(page, 'pages-faq-preview');
  await editor.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published. The FAQ page shows it now.')).toBeVisible();

  // The server's HTML, as a crawler or a slow phone gets it.
  const html = await (await request.get('/faq')).text();
  expect(html).toContain(rendered);
  // And the page, hydrated.
  await page.goto('/faq');
  const item = page.locator('details', { hasText: 'What equipment do I need?' });
  await item.locator('summary').click();
  await expect(item.locator('strong', { hasText: 'goggles' })).toBeVisible();
  await expect(item).toContainText(answer.replace(/\*\*/g, ''));

  // The history keeps the version before: restoring it puts the old answer back.
  await page.goto('/admin?tab=pages');
  await page.getByLabel('Page', { exact: true }).selectOption('FAQ');
  const history = page.getByRole('list', { name: 'Versions, newest first' });
  const previous = history.getByRole('listitem').nth(1);
  await previous.getByRole('button', { name: /^Restore this version/ }).click();
  await expect(page.getByText(/is in force again/)).toBeVisible();
  expect(await (await request.get('/faq')).text()).not.toContain(rendered);
});
