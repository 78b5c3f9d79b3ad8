import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * Import direction (STYLE.md): web and server never import each other, the contract imports
 * neither, features never import each other, and web/src/ui never imports a feature. ESLint's
 * own no-restricted-imports does it with path patterns, so no resolver plugin is needed.
 */
const restrict = (...rules) => ['error', { patterns: rules }];
const boundary = (regex, message) => ({ regex, message });
const NOT_WEB = boundary('(^@bo/web$)|(^|/)web/src/', 'server and contract never import web');
const NOT_SERVER = boundary(
  '(^@bo/server$)|(^|/)server/src/',
  'web and contract never import server',
);
const NOT_ANY_FEATURE = boundary('(^|/)features/', 'shared code never imports a feature');
const NOT_SIBLING_FEATURE = boundary(
  '(^\\.\\./[^.])|(^|/)features/',
  'features do not import each other: move shared code to web/src/ui or the contract',
);

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/*.config.*.timestamp*'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='parseFloat']",
          message: 'Money is never a number: use the contract money module.',
        },
      ],
    },
  },
  { files: ['server/**/*.ts'], rules: { 'no-restricted-imports': restrict(NOT_WEB) } },
  {
    files: ['packages/contract/**/*.ts'],
    rules: { 'no-restricted-imports': restrict(NOT_WEB, NOT_SERVER) },
  },
  { files: ['web/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': restrict(NOT_SERVER) } },
  {
    files: ['web/src/features/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict(NOT_SERVER, NOT_SIBLING_FEATURE) },
  },
  {
    files: ['web/src/ui/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict(NOT_SERVER, NOT_ANY_FEATURE) },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
