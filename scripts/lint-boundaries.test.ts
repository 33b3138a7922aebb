import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

// The house rules (docs/architecture.md) are only rules if `npm run lint` fails on a break: lint small
// fixture sources with the project's own config, placed (virtually) where such a file would live.
const root = join(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

const restricted = expect.stringMatching(/^import-x\/no-restricted-paths: /);

describe('lint boundaries', () => {
  it('keeps zod out of the contract modules a first paint reads', async () => {
    const messages = await ruleIds('domain/contract/club/profiles.ts', "import { z } from 'zod';\nexport const x = z.string();\n");
    expect(messages).toEqual([expect.stringMatching(/^no-restricted-imports: .*zod/)]);
    const schemas = await ruleIds('domain/contract/common.ts', "import { looseString } from './common-schemas';\nexport const x = looseString;\n");
    expect(schemas).toEqual([expect.stringMatching(/^no-restricted-imports: /)]);
    // A schemas module may import zod.
    expect(await ruleIds('domain/contract/club/profiles-schemas.ts', "import { z } from 'zod';\nexport const x = z.string();\n")).toEqual([]);
  });

  it("keeps TanStack Query, the data layer and the outbox out of a visitor's pages and public reads", async () => {
    const direct = await ruleIds(
      'pwa/features/team/api/team-queries.ts',
      "import { useQuery } from '@tanstack/react-query';\nexport const x = useQuery;\n",
    );
    // Refused twice: no TanStack Query on a visitor's page, and no useQuery outside the data layer.
    expect(direct).toEqual([
      expect.stringMatching(/^@typescript-eslint\/no-restricted-imports: .*useRead/),
      expect.stringMatching(/^club\/read-with-use-read: /),
    ]);
    const writes = await ruleIds(
      'pwa/features/races/visitor-races-page.tsx',
      "import { useAddRaceMutation } from './api/race-mutations';\nexport const x = useAddRaceMutation;\n",
    );
    expect(writes).toEqual([expect.stringMatching(/^@typescript-eslint\/no-restricted-imports: .*data layer/)]);
    // The signed-in races page may.
    expect(
      await ruleIds('pwa/features/races/races-page.tsx', "import { useAddRaceMutation } from './api/race-mutations';\nexport const x = useAddRaceMutation;\n"),
    ).toEqual([]);
  });

  it('keeps TanStack Query out of the sign-in and reset pages, and the form library but for its types', async () => {
    const query = await ruleIds('pwa/features/auth/forgot-password-modal.tsx', "import { useMutation } from '@tanstack/react-query';\nexport const x = useMutation;\n");
    expect(query).toEqual([expect.stringMatching(/^@typescript-eslint\/no-restricted-imports: .*TanStack Query/)]);
    const forms = await ruleIds('pwa/features/auth/login-page.tsx', "import { useContractForm } from '../../lib/forms/forms';\nexport const x = useContractForm;\n");
    expect(forms).toEqual([expect.stringMatching(/^@typescript-eslint\/no-restricted-imports: .*first touch/)]);
    const library = await ruleIds('pwa/lib/forms/deferred-form.ts', "import { useForm } from 'react-hook-form';\nexport const x = useForm;\n");
    expect(library).toEqual([expect.stringMatching(/^@typescript-eslint\/no-restricted-imports: .*first touch/)]);
    // Types cost nothing in the download; the modal may load react-hook-form.
    expect(await ruleIds('pwa/lib/forms/deferred-form.ts', "import type { FieldValues } from 'react-hook-form';\nexport type X = FieldValues;\n")).toEqual([]);
    expect(
      await ruleIds('pwa/features/auth/forgot-password-modal.tsx', "import { useContractForm } from '../../lib/forms/forms';\nexport const x = useContractForm;\n"),
    ).toEqual([]);
  });

  it('keeps the passkey ceremony and @simplewebauthn/browser out of the sign-in page but for import()', async () => {
    const library = await ruleIds('pwa/features/auth/passkey-sign-in.tsx', "import { startAuthentication } from '@simplewebauthn/browser';\nexport const x = startAuthentication;\n");
    expect(library).toEqual([expect.stringMatching(/^@typescript-eslint\/no-restricted-imports: .*passkey ceremony/)]);
    const ceremony = await ruleIds('pwa/features/auth/login-page.tsx', "import { signInWithPasskey } from '../../lib/session/passkey-ceremony';\nexport const x = signInWithPasskey;\n");
    expect(ceremony).toEqual([expect.stringMatching(/^@typescript-eslint\/no-restricted-imports: .*passkey ceremony/)]);
    expect(await ruleIds('pwa/features/auth/passkey-sign-in.tsx', "export const load = () => import('../../lib/session/passkey-ceremony');\n")).toEqual([]);
    // The profile, signed in and not a first paint, may.
    expect(
      await ruleIds('pwa/features/profile/api/passkey-queries.ts', "import { addPasskeyOnThisDevice } from '../../../lib/session/passkey-ceremony';\nexport const x = addPasskeyOnThisDevice;\n"),
    ).toEqual([]);
  });

  it('refuses a feature importing another feature', async () => {
    const messages = await ruleIds(
      'pwa/features/forum/lint-fixture.ts',
      "import { countdownText } from '../races/countdown';\nexport const x = countdownText('2026-01-01');\n",
    );
    expect(messages).toEqual([restricted]);
    expect(messages[0]).toContain('Features do not import each other');
  });

  it("keeps a feature's mutations out of its *-queries.ts", async () => {
    const code = "import { useMutation } from '@tanstack/react-query';\nexport const useSave = () => useMutation({ mutationFn: async () => 1 });\n";
    const messages = await ruleIds('pwa/features/profile/api/lint-fixture-queries.ts', code);
    expect(messages).toEqual([expect.stringMatching(/^no-restricted-syntax: .*\*-mutations\.ts/)]);
    expect(await ruleIds('pwa/features/profile/api/lint-fixture-mutations.ts', code)).toEqual([]);
  });

  it('keeps the UI kit below the shared parts, and the shared parts below the features', async () => {
    const kitReads = await ruleIds('pwa/components/lint-fixture.ts', "import { useRead } from '../lib/data/read';\nexport const x = useRead;\n");
    expect(kitReads).toEqual([restricted]);
    expect(kitReads[0]).toContain('neither reads nor writes');
    const kitWrites = await ruleIds('pwa/components/lint-fixture.ts', "import { performWrite } from '../lib/offline/perform-write';\nexport const x = performWrite;\n");
    expect(kitWrites).toEqual([restricted]);
    const kitUp = await ruleIds('pwa/components/lint-fixture.ts', "import { useSignupFlow } from '../parts/posts/signup-flow';\nexport const x = useSignupFlow;\n");
    expect(kitUp).toEqual([restricted]);
    expect(kitUp[0]).toContain('UI kit');
    const sharedUp = await ruleIds('pwa/parts/lint-fixture.ts', "import { countdownText } from '../features/races/countdown';\nexport const x = countdownText;\n");
    expect(sharedUp).toEqual([restricted]);
    expect(sharedUp[0]).toContain('never imports a feature');
    // Downward is fine: a shared part on the UI kit and the data layer, a feature on a shared part.
    expect(await ruleIds('pwa/parts/lint-fixture.ts', "import { Modal } from '../components/modal';\nimport { useRead } from '../lib/data/read';\nexport const x = [Modal, useRead];\n")).toEqual([]);
    expect(await ruleIds('pwa/features/forum/lint-fixture.ts', "import { useSignupFlow } from '../../parts/posts/signup-flow';\nexport const x = useSignupFlow;\n")).toEqual([]);
  });

  it('lets a feature import its own files, shared UI, pwa/lib and domain/', async () => {
    const messages = await ruleIds(
      'pwa/features/forum/lint-fixture.ts',
      [
        "import { checkNewWorkout } from './common/workout-rules';",
        "import { Modal } from '../../components/modal';",
        "import { formatTime } from '../../lib/format';",
        "import { addDays } from '../../../domain/clock';",
        'export const x = [checkNewWorkout, Modal, formatTime, addDays];',
      ].join('\n') + '\n',
    );
    expect(messages).toEqual([]);
  });

  it.each([
    ['api/env', "import { loadEnv } from '../../api/platform/settings/env';\nexport const x = loadEnv;\n"],
    ['api/platform', "import * as m from '../../api/platform/middleware/auth';\nexport const x = m;\n"],
    ['an api/ feature', "import { DELETED_AUTHOR } from '../../api/forum/posts/answers';\nexport const x = DELETED_AUTHOR;\n"],
    ['db', "import { seed } from '../../db/seed';\nexport const x = seed;\n"],
  ])('refuses the PWA importing server code (%s)', async (_name, code) => {
    const messages = await ruleIds('pwa/lib/lint-fixture.ts', code);
    expect(messages).toEqual([restricted]);
  });

  it('refuses db/ importing api/ and domain/ importing api/, db/ or pwa/', async () => {
    expect(await ruleIds('db/lint-fixture.ts', "import { loadEnv } from '../api/platform/settings/env';\nexport const x = loadEnv;\n")).toEqual([
      restricted,
    ]);
    // Nor does the server reach into the PWA.
    expect(await ruleIds('api/forum/lint-fixture.ts', "import { formatTime } from '../../pwa/lib/ui/format';\nexport const x = formatTime;\n")).toEqual([
      restricted,
    ]);
    // db/ may read the club's truth.
    expect(await ruleIds('db/lint-fixture.ts', "import { isFull } from '../domain/rules';\nexport const x = isFull;\n")).toEqual([]);
    for (const from of ['../api/platform/settings/env', '../db/client', '../pwa/lib/ui/format']) {
      const messages = await ruleIds('domain/lint-fixture.ts', `import * as m from '${from}';\nexport const x = m;\n`);
      expect(messages).toContainEqual(restricted);
    }
  });

  describe("the server's rooms", () => {
    it('refuses a feature or the shared plumbing importing the composition root', async () => {
      for (const file of ['api/forum/lint-fixture.ts', 'api/platform/lint-fixture.ts']) {
        const messages = await ruleIds(file, "import type { AppDeps } from '../app';\nimport { buildDeps } from '../deps';\nexport const x = buildDeps;\nexport type X = AppDeps;\n");
        expect(messages).toEqual([restricted, restricted]);
        expect(messages[0]).toContain('composition root');
      }
    });

    it('refuses the shared plumbing importing a feature, a type included', async () => {
      const messages = await ruleIds('api/platform/lint-fixture.ts', "import type { RaceViewer } from '../races/races';\nexport type X = RaceViewer;\n");
      expect(messages).toEqual([restricted]);
      expect(messages[0]).toContain('never imports one');
    });

    it('lets a feature import another feature and the shared plumbing', async () => {
      const code = "import { listRaces } from '../races/races';\nimport { ServiceError } from '../platform/errors';\nexport const x = [listRaces, ServiceError];\n";
      expect(await ruleIds('api/calendar/lint-fixture.ts', code)).toEqual([]);
    });

    it("refuses the server's sources importing test helpers; its tests may", async () => {
      const code = "import { makeTestApp } from '../testing/test-app';\nexport const x = makeTestApp;\n";
      const messages = await ruleIds('api/forum/lint-fixture.ts', code);
      expect(messages).toEqual([restricted]);
      expect(messages[0]).toContain('test helpers');
      expect(await ruleIds('api/forum/lint-fixture.test.ts', code)).toEqual([]);
    });
  });

  it("refuses a refusal worded where it is made: the server names the contract's words", async () => {
    const header = "import { ServiceError } from '../platform/errors';\nimport { routeId } from '../platform/middleware/validate';\n";
    const inline = [
      "export const a = () => new ServiceError(404, 'Post not found');",
      'export const b = (day: string) => new ServiceError(409, `Attendance opens on ${day}.`);',
      "export const c = (admin: boolean) => new ServiceError(403, admin ? 'Administrators only.' : 'No');",
      "export const d = (ctx: Parameters<typeof routeId>[0]) => routeId(ctx, 'Workout not found');",
      "export const e = () => ({ status: 422, body: { error: 'This key was used' } });",
    ];
    const messages = await ruleIds('api/forum/lint-fixture.ts', header + inline.join('\n') + '\n');
    expect(messages).toEqual(inline.map(() => expect.stringMatching(/^club\/refusal-words-from-contract: .*domain\/contract/)));
    // Named words pass, a message built by the contract's function too; so do tests and the test helpers.
    const named = [
      "import { POST_NOT_FOUND, attendanceOpensMessage } from '../../domain/contract/training/forum';",
      'export const a = () => new ServiceError(404, POST_NOT_FOUND);',
      'export const b = (day: string) => new ServiceError(409, attendanceOpensMessage(day));',
      'export const c = (err: Error) => ({ error: err.message });',
      'export const d = (ctx: Parameters<typeof routeId>[0]) => routeId(ctx, POST_NOT_FOUND);',
    ];
    expect(await ruleIds('api/forum/lint-fixture.ts', header + named.join('\n') + '\n')).toEqual([]);
    expect(await ruleIds('api/forum/lint-fixture.test.ts', header + inline.join('\n') + '\n')).toEqual([]);
    expect(await ruleIds('api/testing/lint-fixture.ts', header + inline.join('\n') + '\n')).toEqual([]);
  });

  it('lets domain/ import only zod, the date library, the Markdown renderer and the phone library', async () => {
    expect(await ruleIds('domain/lint-fixture.ts', "import { z } from 'zod';\nimport { TZDate } from '@date-fns/tz';\nimport MarkdownIt from 'markdown-it';\nexport const x = [z, TZDate, MarkdownIt];\n")).toEqual([]);
    expect(await ruleIds('domain/lint-fixture.ts', "import { isSupportedCountry } from 'libphonenumber-js/min';\nexport const x = isSupportedCountry;\n")).toEqual([]);
    expect(await ruleIds('domain/lint-fixture.ts', "import { useState } from 'react';\nexport const x = useState;\n")).toEqual([
      expect.stringMatching(/^club\/domain-imports: /),
    ]);
  });

  it("refuses parsing a club date and time with Date outside the club clock", async () => {
    const code = 'export const start = (date: string, time: string) => new Date(`${date}T${time}:00`).getTime();\n';
    expect(await ruleIds('pwa/features/forum/lint-fixture.ts', code)).toEqual([expect.stringMatching(/^club\/no-club-time-parsing: /)]);
    expect(await ruleIds('api/forum/lint-fixture.ts', 'export const d = (date: string) => Date.parse(date + "T12:00:00Z");\n')).toEqual([
      expect.stringMatching(/^club\/no-club-time-parsing: /),
    ]);
    expect(await ruleIds('domain/clock-fixture.ts', code)).toEqual([expect.stringMatching(/^club\/no-club-time-parsing: /)]);
  });

  it('refuses restating the absence rule instead of taking its words from domain/rules.ts', async () => {
    const code = "export const warning = 'Cancelling less than 24 hours before a workout counts as an absence.';\n";
    expect(await ruleIds('pwa/features/forum/lint-fixture.ts', code)).toEqual([expect.stringMatching(/^club\/no-restated-rules: /)]);
    expect(await ruleIds('domain/rules.ts', code + 'export const other = 1;\n')).not.toContainEqual(expect.stringMatching(/^club\/no-restated-rules/));
  });

  it('refuses a screen reading with useQuery instead of useRead; the data layer may', async () => {
    const code = "import { useQuery } from '@tanstack/react-query';\nexport const x = useQuery;\n";
    expect(await ruleIds('pwa/features/profile/api/passkey-queries.ts', code)).toEqual([expect.stringMatching(/^club\/read-with-use-read: .*useRead/)]);
    expect(await ruleIds('pwa/app/members/query-layer.tsx', code)).toEqual([expect.stringMatching(/^club\/read-with-use-read: /)]);
    expect(await ruleIds('pwa/lib/data/query-client.ts', code)).toEqual([]);
    // Mutations are not reads.
    expect(await ruleIds('pwa/features/profile/api/passkey-mutations.ts', "import { useMutation } from '@tanstack/react-query';\nexport const x = useMutation;\n")).toEqual([]);
  });

  it('refuses formatting dates or money with Intl or toLocale*String outside the format modules', async () => {
    const intl = "export const weekday = (d: Date) => new Intl.DateTimeFormat('en-US', { weekday: 'long' }).format(d);\n";
    expect(await ruleIds('pwa/features/forum/lint-fixture.ts', intl)).toEqual([expect.stringMatching(/^club\/format-through-format-module: .*format\.ts/)]);
    const money = "export const price = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'CAD' }).format(n);\n";
    expect(await ruleIds('api/payments/lint-fixture.ts', money)).toEqual([expect.stringMatching(/^club\/format-through-format-module: .*Intl\.NumberFormat/)]);
    const locale = "export const day = (d: Date) => d.toLocaleDateString('en-US');\nexport const n = (x: number) => x.toLocaleString('en-US');\n";
    expect(await ruleIds('api/reports/lint-fixture.ts', locale)).toEqual([
      expect.stringMatching(/^club\/format-through-format-module: .*toLocaleDateString/),
      expect.stringMatching(/^club\/format-through-format-module: .*toLocaleString/),
    ]);
    expect(await ruleIds('pwa/lib/ui/format.ts', intl)).toEqual([]);
    // The club's one way of writing dates, which both sides use, may; the server's own modules may not.
    expect(await ruleIds('domain/region/club-format.ts', intl)).toEqual([]);
    expect(await ruleIds('api/club/settings.ts', intl)).toEqual([expect.stringMatching(/^club\/format-through-format-module: .*clubDates/)]);
  });

  it('refuses applying a rule’s number by hand outside domain/', async () => {
    const code = "import type { RuleNumbers } from '../../domain/rules';\nexport const soon = (rules: RuleNumbers, hours: number) => hours >= 0 && hours < rules.lateCancelHours;\n";
    expect(await ruleIds('pwa/components/lint-fixture.ts', code)).toEqual([expect.stringMatching(/^club\/no-rule-arithmetic: lateCancelHours/)]);
    const suspension = "import type { RuleNumbers } from '../../domain/rules';\nexport const until = (rules: RuleNumbers, now: number) => now + rules.suspensionDays * 86400000;\n";
    expect(await ruleIds('api/reports/lint-fixture.ts', suspension)).toEqual([expect.stringMatching(/^club\/no-rule-arithmetic: suspensionDays/)]);
    // Named in a sentence, or in domain/, it is fine.
    expect(await ruleIds('api/reports/lint-fixture.ts', "import { RENEWAL_WINDOW_DAYS } from '../../domain/membership';\nexport const t = `from ${RENEWAL_WINDOW_DAYS} days before`;\n")).toEqual([]);
    expect(await ruleIds('domain/lint-fixture.ts', "export const soon = (rules: { lateCancelHours: number }, hours: number) => hours < rules.lateCancelHours;\n")).toEqual([]);
  });

  describe("the server's rooms import each other one way", () => {
    const dir = mkdtempSync(join(tmpdir(), 'lint-rooms-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const roomsLint = new ESLint({ cwd: dir, overrideConfigFile: join(root, 'eslint.config.js') });
    const write = (path: string, code: string) => {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), code);
    };

    it('refuses two features importing each other, through files that make no cycle, a type included', async () => {
      write('api/alpha/a.ts', "import { b } from '../beta/b';\nexport const a = () => b;\n");
      write('api/alpha/shared.ts', 'export type Shared = number;\n');
      write('api/beta/b.ts', 'export const b = 1;\n');
      write('api/beta/c.ts', "import type { Shared } from '../alpha/shared';\nexport type C = Shared;\n");
      const results = await roomsLint.lintFiles(['api/alpha/a.ts', 'api/beta/c.ts']);
      for (const r of results) expect(r.messages.map((m) => m.ruleId)).toEqual(['club/no-mutual-room-imports']);
      expect(results[0]!.messages[0]!.message).toContain('api/alpha/ imports api/beta/, which imports it back (api/beta/c.ts)');
    });

    it('lets a feature import another one way, and any feature import the shared plumbing', async () => {
      write('api/gamma/g.ts', "import { h } from '../delta/h';\nimport { p } from '../platform/p';\nexport const g = () => [h, p];\n");
      write('api/delta/h.ts', "import { p } from '../platform/p';\nexport const h = p;\n");
      write('api/platform/p.ts', 'export const p = 1;\n');
      // A test of delta may import gamma: tests reach anywhere.
      write('api/delta/h.test.ts', "import { g } from '../gamma/g';\nexport const t = g;\n");
      const results = await roomsLint.lintFiles(['api/gamma/g.ts', 'api/delta/h.ts']);
      for (const r of results) expect(r.messages).toEqual([]);
    });
  });

  it("refuses a screen wording a refusal from an ApiError itself; errorMessage and fieldRefusal in the API client may", async () => {
    const importing = (names: string) => `import { ${names} } from '../../../lib/data/api-client';\n`;
    const refusal = expect.stringMatching(/^club\/refusal-through-error-message: .*errorMessage/);
    // The server's words behind a prefix, read after an instanceof test.
    const prefixed = `${importing('ApiError')}export const text = (err: unknown) => (err instanceof ApiError ? \`Error: \${err.message}\` : 'Failed');\n`;
    expect(await ruleIds('pwa/features/forum/lint-fixture.ts', prefixed)).toEqual([refusal]);
    // The answer's `error` read by hand, a cast, and a read's failure.
    const body = `${importing('type ApiError')}export const text = (err: ApiError) => String(err.body.error);\n`;
    expect(await ruleIds('pwa/features/admin/lint-fixture.ts', body)).toEqual([refusal]);
    const cast = `${importing('type ApiError')}export const text = (err: unknown) => (err as ApiError).message;\n`;
    expect(await ruleIds('pwa/features/admin/lint-fixture.ts', cast)).toEqual([refusal]);
    const read = 'export const text = (query: { error: Error | null }) => `Could not load: ${query.error?.message}`;\n';
    expect(await ruleIds('pwa/components/lint-fixture.ts', read)).toEqual([refusal]);
    // Through errorMessage, a status read to choose what to offer, another class's message, and the API client itself: fine.
    const fine = `${importing('ApiError, errorMessage')}export const text = (err: unknown) => (err instanceof ApiError && err.status === 409 ? 'move' : errorMessage(err, 'Failed'));\n`;
    expect(await ruleIds('pwa/features/forum/lint-fixture.ts', fine)).toEqual([]);
    const other = 'class PushOff extends Error {}\nexport const text = (save: { error: Error }) => (save.error instanceof PushOff ? save.error.message : \'\');\n';
    expect(await ruleIds('pwa/features/profile/lint-fixture.ts', other)).toEqual([]);
    expect(await ruleIds('pwa/lib/data/api-client.ts', "export class ApiError extends Error {}\nexport const m = (err: unknown) => (err instanceof ApiError ? err.message : '');\n")).toEqual([]);
  });

  it('refuses a screen checking a form with safeParse of its own; pwa/lib/forms may', async () => {
    const code = "import { z } from 'zod';\nexport const ok = (v: unknown) => z.string().safeParse(v).success;\n";
    const own = expect.stringMatching(/^club\/check-through-form-wrapper: .*pwa\/lib\/forms/);
    expect(await ruleIds('pwa/features/admin/lint-fixture.ts', code)).toEqual([own]);
    expect(await ruleIds('pwa/components/lint-fixture.tsx', code)).toEqual([own]);
    expect(await ruleIds('pwa/lib/forms/lint-fixture.ts', code)).toEqual([]);
  });

  describe('import cycles', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lint-cycle-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    const cycleLint = new ESLint({ cwd: dir, overrideConfigFile: join(root, 'eslint.config.js') });

    it('refuses two modules importing each other', async () => {
      writeFileSync(join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
      writeFileSync(join(dir, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
      const results = await cycleLint.lintFiles(['a.ts', 'b.ts']);
      for (const r of results) {
        expect(r.messages.map((m) => m.ruleId)).toEqual(['club/no-import-cycle']);
      }
      expect(results[0]!.messages[0]!.message).toContain('a.ts → b.ts → a.ts');
    });

    it('counts a cycle through type-only imports, over three modules', async () => {
      writeFileSync(join(dir, 'c.ts'), "import type { E } from './e';\nexport interface C { e: E }\n");
      writeFileSync(join(dir, 'd.ts'), "import type { C } from './c';\nexport interface D { c: C }\n");
      writeFileSync(join(dir, 'e.ts'), "export type { D as E } from './d';\n");
      const results = await cycleLint.lintFiles(['c.ts', 'd.ts', 'e.ts']);
      for (const r of results) {
        expect(r.messages.map((m) => m.ruleId)).toEqual(['club/no-import-cycle']);
      }
    });

    it('lets modules import a third one that imports neither', async () => {
      writeFileSync(join(dir, 'f.ts'), "import type { H } from './h';\nexport type F = H;\n");
      writeFileSync(join(dir, 'g.ts'), "import type { H } from './h';\nimport type { F } from './f';\nexport type G = [F, H];\n");
      writeFileSync(join(dir, 'h.ts'), 'export type H = number;\n');
      const results = await cycleLint.lintFiles(['f.ts', 'g.ts', 'h.ts']);
      for (const r of results) expect(r.messages).toEqual([]);
    });
  });
});
