import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * Import direction (STYLE.md): web and server never import each other, the contract imports
 * neither. Inside web/src the folders form a line with no arrow back up:
 * main → app → layout → features (through app/screens.ts only) → ui → lib → i18n → contract;
 * features never import each other; only an `api/<call-name>.ts` module imports the API client.
 * ESLint's own no-restricted-imports does it with path patterns, so no resolver plugin is needed.
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
  'features do not import each other: move shared code to web/src/ui, web/src/lib or the contract',
);
/** Refuses imports of the web folders above this one (the line in the comment above). */
const below = (folder, ...above) =>
  boundary(
    `(^|/)(${above.join('|')})(/|$)`,
    `${folder}/ may not import ${above.map((f) => `${f}/`).join(', ')}: web imports go main → app → layout → features → ui → lib → i18n`,
  );
const CALLS_IN_API_FILES = boundary(
  '(^|/)api-client$',
  'calls live in one file per call, web/src/features/<area>/api/<call-name>.ts (web/src/lib/api/ for the shell): import its query options or sender',
);
/** A web folder's rules for its files, and the same rules less CALLS_IN_API_FILES for its api/ files. */
const webFolder = (files, ...rules) => [
  { files, rules: { 'no-restricted-imports': restrict(NOT_SERVER, ...rules, CALLS_IN_API_FILES) } },
  {
    files: files.map((glob) => glob.replace(/\*\*\/\*\.\{ts,tsx\}$/, '**/api/*.ts')),
    rules: { 'no-restricted-imports': restrict(NOT_SERVER, ...rules) },
  },
];

/**
 * Server layers (docs/architecture.md): config, db, core, ledger, http and connectors sit
 * below the modules; a module reads another through its service, never its queries; SQL
 * and the ledger never reach for HTTP. `npm run check:cycles` checks that no folders circle.
 */
const NOT_MODULE_QUERIES = boundary(
  '(^|/)modules/[^/]+/[^/]+\\.queries$',
  "call the module's service, never its queries",
);
const NOT_SIBLING_QUERIES = boundary(
  '^\\.\\./[^./][^/]*/[^/]+\\.queries$',
  "a module never imports another module's queries: call that module's service",
);
const NOT_A_MODULE = boundary('(^|/)modules/', 'the layers below the modules never import one');
const NOT_HTTP = boundary('(^|/)http/', 'queries and the ledger never import http/');
const NOT_HTTP_OR_MODULE = boundary(
  '(^|/)(http|modules)/',
  'the ledger sits below http/ and the modules',
);

const NO_PARSE_FLOAT = {
  selector: "CallExpression[callee.name='parseFloat']",
  message: 'Money is never a number: use the contract money module.',
};
// pino writes an Error out (message, stack) only under `err`; under any other key it is `{}`.
const ERROR_LOGGED_AS_ERR = {
  selector:
    "CallExpression[callee.property.name=/^(trace|debug|info|warn|error|fatal)$/] > ObjectExpression.arguments:first-child > Property[key.name='error']",
  message: 'Log an error as { err: error }: pino writes its message and stack only under err.',
};

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
      'no-restricted-syntax': ['error', NO_PARSE_FLOAT],
    },
  },
  { files: ['server/**/*.ts'], rules: { 'no-restricted-imports': restrict(NOT_WEB) } },
  {
    files: ['server/src/**/*.ts'],
    rules: { 'no-restricted-imports': restrict(NOT_WEB, NOT_MODULE_QUERIES) },
  },
  {
    files: ['server/src/modules/**/*.ts'],
    rules: { 'no-restricted-imports': restrict(NOT_WEB, NOT_MODULE_QUERIES, NOT_SIBLING_QUERIES) },
  },
  {
    files: ['server/src/{config,core,db,http,connectors}/**/*.ts'],
    rules: { 'no-restricted-imports': restrict(NOT_WEB, NOT_A_MODULE) },
  },
  {
    files: ['server/src/**/*.queries.ts'],
    rules: {
      'no-restricted-imports': restrict(NOT_WEB, NOT_MODULE_QUERIES, NOT_SIBLING_QUERIES, NOT_HTTP),
    },
  },
  {
    files: ['server/src/ledger/**/*.ts'],
    rules: { 'no-restricted-imports': restrict(NOT_WEB, NOT_HTTP_OR_MODULE) },
  },
  {
    // Type-aware, on the server's sources only so that lint stays fast: a promise nobody
    // awaits loses its error. Fire-and-forget is written `void promise` with a comment why.
    files: ['server/src/**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      'no-restricted-syntax': ['error', NO_PARSE_FLOAT, ERROR_LOGGED_AS_ERR],
    },
  },
  {
    // Files stay small enough to read in one sitting.
    files: ['**/*.{ts,tsx,js,mjs}'],
    // Tests may run longer, and a translation table is data, not code.
    ignores: ['**/*.test.{ts,tsx}', '**/test/**', 'web/src/i18n/locales/**'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['packages/contract/**/*.ts'],
    rules: { 'no-restricted-imports': restrict(NOT_WEB, NOT_SERVER) },
  },
  ...webFolder(['web/**/*.{ts,tsx}']),
  ...webFolder(['web/src/app/**/*.{ts,tsx}'], below('app', 'main'), NOT_ANY_FEATURE),
  // The screens table is where the shell reaches the features, and the only such place.
  {
    files: ['web/src/app/screens.ts'],
    rules: {
      'no-restricted-imports': restrict(NOT_SERVER, below('app', 'main'), CALLS_IN_API_FILES),
    },
  },
  ...webFolder(['web/src/layout/**/*.{ts,tsx}'], below('layout', 'main', 'app'), NOT_ANY_FEATURE),
  ...webFolder(
    ['web/src/features/**/*.{ts,tsx}'],
    below('features', 'main', 'app', 'layout'),
    NOT_SIBLING_FEATURE,
  ),
  ...webFolder(['web/src/ui/**/*.{ts,tsx}'], below('ui', 'main', 'app', 'layout'), NOT_ANY_FEATURE),
  ...webFolder(
    ['web/src/lib/**/*.{ts,tsx}'],
    below('lib', 'main', 'app', 'layout', 'ui'),
    NOT_ANY_FEATURE,
  ),
  ...webFolder(
    ['web/src/i18n/**/*.{ts,tsx}'],
    below('i18n', 'main', 'app', 'layout', 'ui', 'lib'),
    NOT_ANY_FEATURE,
  ),
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
