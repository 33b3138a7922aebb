import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import houseRules from './scripts/eslint-house-rules.mjs';

const root = import.meta.dirname;

// One zone per feature: pwa/features/<f> may import only itself among the features.
// Read from the folder, so a new feature is fenced in without touching this file.
const features = readdirSync(join(root, 'pwa/features'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const featureZones = features.map((f) => ({
  target: `./pwa/features/${f}`,
  from: './pwa/features',
  except: [`./${f}`],
  message: 'Features do not import each other: move what both show to pwa/parts/ (or pwa/components/ for plain UI, pwa/lib/ for plumbing).',
}));

// The server's rooms (docs/architecture.md): the composition root (api/*.ts and api/cli/) puts the app
// together from one folder per feature, which all stand on the shared plumbing (api/platform/). Read
// from the folder, so a new feature is fenced in without touching this file. Tests may reach the
// whole app (through api/testing/, which builds it); sources may not reach the tests' helpers.
const notFeatures = new Set(['platform', 'testing', 'security', 'faults', 'cli']);
const apiEntries = readdirSync(join(root, 'api'), { withFileTypes: true });
const apiFeatures = apiEntries.filter((d) => d.isDirectory() && !notFeatures.has(d.name)).map((d) => `./api/${d.name}`);
const compositionRoot = [
  ...apiEntries.filter((d) => d.isFile() && d.name.endsWith('.ts') && !d.name.endsWith('.test.ts')).map((d) => `./api/${d.name}`),
  './api/cli',
];
const serverZones = [
  {
    target: [...apiFeatures, './api/platform'],
    from: compositionRoot,
    message: 'Only the composition root (api/app.ts, server.ts, deps.ts) puts the app together: a feature and the shared plumbing never import it.',
  },
  {
    target: './api/platform',
    from: apiFeatures,
    message: 'api/platform/ is the plumbing under every feature and never imports one: name what it needs in platform/ (as message-queue.ts does) and let the composition root hand it over.',
  },
  {
    target: ['./api', './db', './domain'],
    from: ['./api/testing', './api/security', './api/faults'],
    message: 'The server never imports test helpers: they live in api/testing/ for the tests.',
  },
];

// The house rules (docs/architecture.md), checked on resolved paths, so `../../../api/platform/settings/env` and any
// other spelling of the same file are caught alike.
const boundaryZones = [
  ...featureZones,
  {
    target: './domain',
    from: ['./pwa', './api', './db', './scripts', './bench', './e2e'],
    message: 'domain/ is the club\'s truth in plain TypeScript: it imports only zod, the date library, the Markdown renderer and the phone library.',
  },
  // The PWA's shared layers (docs/architecture.md): the UI kit (pwa/components/) stands below the parts
  // two features share (pwa/parts/), which stand below the features.
  {
    target: './pwa/components',
    from: ['./pwa/features', './pwa/parts', './pwa/app'],
    message: 'pwa/components/ is the UI kit: it imports no feature and no shared part (a part that reads or writes the club\'s data belongs to its feature, or to pwa/parts/ when two features show it).',
  },
  {
    target: './pwa/components',
    from: [
      './pwa/lib/offline/**',
      './pwa/lib/data/{read,post-actions,post-cache,offline-set,primed-reads,query-client,race-keys}.ts',
      './pwa/lib/documents/**',
    ],
    message: 'pwa/components/ is the UI kit: it neither reads nor writes the club\'s data (a part that does belongs to its feature, or to pwa/parts/ when two features show it).',
  },
  {
    target: './pwa/parts',
    from: ['./pwa/features', './pwa/app'],
    message: 'pwa/parts/ holds what two features show; it never imports a feature (the app frame hands one feature\'s part to another as a prop).',
  },
  { target: './pwa', from: './api', message: 'The PWA never imports api/: what both sides share lives in domain/.' },
  { target: './pwa', from: './db', message: 'The PWA never imports db/.' },
  { target: './db', from: './api', message: 'db/ does not import api/ (it may import domain/).' },
  { target: ['./api', './db'], from: './pwa', message: 'The server never imports the PWA: what both sides share lives in domain/.' },
];

// A visitor's pages (decision 0062) run without TanStack Query, the data layer and the outbox.
const visitorPagePatterns = [
  {
    group: ['@tanstack/*'],
    message: "A visitor's page must not load TanStack Query: read with useRead (pwa/lib/data/read.ts), write with call() or in a *-mutations.ts module.",
  },
  {
    group: ['**/*-mutations', '**/lib/offline/perform-write', '**/lib/data/query-client', '**/app/members/query-layer'],
    message: "A visitor's page must not load the data layer or the outbox: keep writes in a lazily loaded part.",
  },
];

export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'data', 'node_modules', 'db/migrations', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Plain scripts the generated service worker imports (pwa/public/push-sw.js).
  { files: ['pwa/public/**/*.js'], ignores: ['pwa/public/app-start.js'], languageOptions: { globals: globals.serviceworker } },
  // The plain script a server-rendered page starts the app with (api/pages/static.ts).
  { files: ['pwa/public/app-start.js'], languageOptions: { globals: globals.browser } },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      // import-x's own resolver (unrs), taught the TypeScript extensions; no tsconfig paths are used.
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones }],
    },
  },
  {
    // The server's sources; its tests (and the test folders) may import what they test from anywhere.
    files: ['api/**/*.ts', 'db/**/*.ts', 'domain/**/*.ts'],
    ignores: ['**/*.test.ts', 'api/testing/**', 'api/security/**', 'api/faults/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...boundaryZones, ...serverZones] }] },
  },
  {
    // The server's rooms import each other one way only (decision 0134): a feature that imports
    // another is never imported back by it, type-only imports included, even where no file cycle forms.
    files: ['api/**/*.ts'],
    ignores: ['**/*.test.ts', 'api/testing/**', 'api/security/**', 'api/faults/**'],
    plugins: { club: houseRules },
    rules: { 'club/no-mutual-room-imports': ['error', { rooms: 'api', notRooms: [...notFeatures] }] },
  },
  {
    // The server refuses in the contract's words (decision 0136): a ServiceError's message, a route id's
    // refusal and an answer's `error` name a constant of domain/contract/, never words written in place.
    files: ['api/**/*.ts'],
    ignores: [
      '**/*.test.ts',
      'api/testing/**',
      'api/security/**',
      'api/faults/**',
    ],
    plugins: { club: houseRules },
    rules: { 'club/refusal-words-from-contract': 'error' },
  },
  {
    // Contract modules that screens read with their first download: types, constants and checks only.
    // Their zod schemas live beside them in <area>-schemas.ts, loaded with the forms (decision 0040).
    files: [
      'domain/contract/{common,notifications,roles}.ts',
      'domain/contract/training/forum.ts',
      'domain/contract/club/profiles.ts',
      'domain/{clock,calendar,membership,rules,time-zone}.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: 'Keep zod out of first-paint contract modules: put schemas in <area>-schemas.ts.' }],
          patterns: [{ group: ['./*-schemas', '../*-schemas', '../*/*-schemas'], message: 'A first-paint contract module must not pull in schemas.' }],
        },
      ],
    },
  },
  {
    // What a visitor's pages read with (decision 0062): public reads and the visitor pages run without
    // TanStack Query (11 KB gzip), which only a signed-in user's data layer loads. The browser test
    // in e2e/public.spec.ts checks what the pages download; this keeps the modules themselves honest.
    files: [
      'pwa/lib/data/read.ts',
      'pwa/features/{team,races,auth}/api/*-queries.ts',
      // The forgot-password modal opens on a click, so it may load react-hook-form.
      'pwa/features/auth/forgot-password-modal.tsx',
      'pwa/features/team/{coaches-exec-page,team-profile-page,team-member}.tsx',
      'pwa/features/races/{visitor-races-page,race-signups,countdown}.ts{,x}',
      'pwa/features/races/components/{race-listing,race-card,race-calendar,countdown-badge}.tsx',
    ],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: visitorPagePatterns }] },
  },
  {
    // The sign-in and reset pages: react-hook-form, its resolver and zod arrive on the first touch of
    // the form (pwa/lib/forms/deferred-form.ts), so only their types may be imported statically; the
    // passkey ceremony and @simplewebauthn/browser arrive when a passkey is used (decision 0066).
    files: [
      'pwa/features/auth/{login-page,reset-password-page,passkey-sign-in}.tsx',
      'pwa/lib/forms/{deferred-form,phone-input}.ts',
      'pwa/lib/club/club-passkeys.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            ...visitorPagePatterns,
            {
              group: ['react-hook-form', '@hookform/*', 'zod', '**/lib/forms/forms', '**/lib/forms/form-control', '**/*-schemas'],
              allowTypeImports: true,
              message:
                'The sign-in and reset pages load the form library and their rules on the first touch of the form: useDeferredContractForm, and import() for schemas.',
            },
            {
              group: ['@simplewebauthn/*', '**/passkey-ceremony'],
              allowTypeImports: true,
              message: 'The sign-in page loads the passkey ceremony when a passkey is used: import() it, never with the page.',
            },
          ],
        },
      ],
    },
  },
  {
    // The club's truth has one home: domain/ imports only zod and the date library; nothing outside the
    // club clock parses a club date or time; the words of a rule come from domain/rules.ts.
    files: ['**/*.{ts,tsx}'],
    plugins: { club: houseRules },
    // No import cycles anywhere, type-only imports included (import-x/no-cycle leaves those out).
    rules: { 'club/no-club-time-parsing': 'error', 'club/no-restated-rules': 'error', 'club/no-import-cycle': 'error' },
  },
  { files: ['domain/**/*.ts'], ignores: ['domain/**/*.test.ts'], rules: { 'club/domain-imports': 'error' } },
  {
    // One way each: screens read with useRead (only the data layer calls useQuery); dates and times
    // become text through domain/region/club-format.ts (the PWA's format.ts, the server's clubDates); a rule's number is applied by its function in
    // domain/, never compared or computed with by hand.
    files: ['{pwa,api,db}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'club/read-with-use-read': 'error', 'club/format-through-format-module': 'error', 'club/no-rule-arithmetic': 'error' },
  },
  { files: ['pwa/lib/data/**'], rules: { 'club/read-with-use-read': 'off' } },
  {
    // One voice for a refusal: errorMessage() and fieldRefusal() in the API client, which alone reads
    // an ApiError's words; and every form checks through pwa/lib/forms (decision 0131).
    files: ['pwa/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'pwa/lib/data/api-client.ts', 'pwa/test-*.{ts,tsx}'],
    rules: { 'club/refusal-through-error-message': 'error' },
  },
  { files: ['pwa/{features,components}/**/*.{ts,tsx}'], ignores: ['**/*.test.{ts,tsx}'], rules: { 'club/check-through-form-wrapper': 'error' } },
  {
    // A part of a page that loads its own code does so through lazyNamed() inside a SectionBoundary: a
    // part whose code cannot load (no signal before the service worker holds it) then says so in its
    // place, and the rest of the page stays usable (the frame's page slot is one too).
    files: ['pwa/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'pwa/lib/ui/lazy-named.ts', 'pwa/lib/ui/section-boundary.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='react'] > ImportSpecifier[imported.name=/^(lazy|Suspense)$/]",
          message: 'Load a part of a page with lazyNamed() and wrap it in <SectionBoundary what="…">, which says so when its code cannot load.',
        },
      ],
    },
  },
  {
    // A feature's reads and writes in files named for them: `*-queries.ts` reads (useRead), `*-mutations.ts` changes.
    files: ['pwa/features/**/api/*-queries.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "ImportSpecifier[imported.name='useMutation']", message: 'A *-queries.ts file only reads: put a mutation in the feature\'s *-mutations.ts.' },
      ],
    },
  },
  // The PWA's one module that turns dates into text (over domain/region/club-format.ts, which the rule does
  // not reach: domain/ is where the club's one way of writing dates lives, for the server too).
  { files: ['pwa/lib/ui/format.ts'], rules: { 'club/format-through-format-module': 'off' } },
  { files: ['domain/clock.ts', 'domain/rules.ts', '**/*.test.{ts,tsx}', 'e2e/**', 'bench/**'], rules: { 'club/no-club-time-parsing': 'off', 'club/no-restated-rules': 'off' } },
  {
    // The server's test files share a process (vitest.config.ts): a module mock would miss the modules
    // an earlier file loaded, or pass only when the file happens to run first.
    files: ['{api,db,domain,deploy,scripts}/**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock', 'resetModules'].map((property) => ({
          object: 'vi',
          property,
          message: 'The server tests share a process: count or spy on what the module exposes instead of mocking the module.',
        })),
      ],
    },
  },
  {
    // Plain-JS build and start scripts (run without a TypeScript loader).
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
);
