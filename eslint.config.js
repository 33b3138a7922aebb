import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'data', 'node_modules', 'db/migrations', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/db/*', '**/api/services/*', '**/api/routes/*'], message: 'The PWA may import only api/contract.' },
          ],
        },
      ],
    },
  },
  {
    // Plain-JS build and start scripts (run without a TypeScript loader).
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    // Server code may import anything server-side.
    files: ['api/**', 'db/**', 'bench/**', 'e2e/**', 'scripts/**', '*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The contract is browser-safe: zod only.
    files: ['api/contract/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['../*', '!./*'], message: 'api/contract imports nothing of api/ or db/.' }] }],
    },
  },
);
