// Every colour of the club the stylesheets draw with is one of the shades made from its main colour
// and accent (domain/documents/club-identity.ts clubPalette), which the server writes into each page and the app
// sets again: so a stylesheet never keeps the demo's blue or orange where the club's colour belongs.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ACCENT_COLOUR, DEFAULT_MAIN_COLOUR } from '../domain/documents/club-identity';
import { clubPalette } from '../domain/documents/club-palette';

const root = import.meta.dirname;

function stylesheets(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? stylesheets(join(dir, d.name)) : d.name.endsWith('.css') ? [join(dir, d.name)] : [],
  );
}

const sheets = stylesheets(root).map((file) => ({ name: relative(root, file), css: readFileSync(file, 'utf8') }));
const palette = clubPalette({ mainColour: DEFAULT_MAIN_COLOUR, accentColour: DEFAULT_ACCENT_COLOUR });

describe("the club's colours in the stylesheets", () => {
  it("styles.css starts from the demo club's palette, exactly as the server makes it", () => {
    const rootRule = /:root\s*\{([^}]*)\}/.exec(sheets.find((s) => s.name === 'styles.css')!.css)![1]!;
    const declared = Object.fromEntries([...rootRule.matchAll(/(--club-[\w-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2]!.trim()]));
    expect(declared).toEqual(palette);
  });

  it.each(sheets.map((s) => [s.name, s.css]))('%s names only the club palette for the club colours', (_name, css) => {
    // The names the demo's colours had: a club colour is one of the palette's, named for what it is.
    expect(css).not.toMatch(/var\(--(?:blue|orange|primary)\b|^\s*--(?:blue|orange)-\d+\s*:/m);
    for (const [, name] of css.matchAll(/var\((--club-[\w-]+)/g)) expect(Object.keys(palette), name).toContain(name);
    // A see-through layer of the main colour takes its channels from the palette, not the demo's navy.
    expect(css).not.toMatch(/rgb\(7 47 84/);
  });
});
