// Lint = import boundaries of docs ARCHITECTURE.md + a light typescript-eslint pass.
// The boundary policies are the point: `npm test` checks them, so the layering does not rest on
// discipline. The type rules stay at `recommended` (no type information) so a 2-core machine lints
// the tree in seconds; formatting is not linted at all (no stylistic rules).
import astro from 'eslint-plugin-astro';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Every folder of src/ is an element; the first matching pattern wins, so the narrow ones come
 * first (contract before lib, seed before db). Seeding moved out of src/server/db/seed*.ts into
 * src/server/seed/; the old place still counts as `server-seed` so a seed file put back beside
 * the schema is still one the data layer may not import.
 *
 * plugin v7 matches element patterns against folders once `partialMatch: false` is set, so a
 * single-file element (constants, the seed files) needs the older `mode: 'full'`; the deprecation
 * notice for it is silenced below. tests/unit/lint-boundaries.test.ts fails if a plugin upgrade
 * drops `mode` (rules importing constants would then be flagged).
 */
export const BOUNDARY_ELEMENTS = [
  { type: 'lib-contract', pattern: 'src/lib/contract/**', partialMatch: false },
  { type: 'lib-rules', pattern: 'src/lib/rules/**', partialMatch: false },
  { type: 'lib-constants', pattern: 'src/lib/config/constants.ts', mode: 'full' },
  { type: 'lib-api', pattern: 'src/lib/api/**', partialMatch: false },
  { type: 'lib-stores', pattern: 'src/lib/stores/**', partialMatch: false },
  { type: 'lib', pattern: 'src/lib/**', partialMatch: false },
  { type: 'server-seed', pattern: ['src/server/seed/**', 'src/server/db/seed*.ts'], mode: 'full' },
  { type: 'server-db', pattern: 'src/server/db/**', partialMatch: false },
  { type: 'server-services', pattern: 'src/server/services/**', partialMatch: false },
  { type: 'server-providers', pattern: 'src/server/providers/**', partialMatch: false },
  { type: 'server', pattern: 'src/server/**', partialMatch: false },
  { type: 'islands', pattern: 'src/islands/**', partialMatch: false },
  { type: 'browser-scripts', pattern: ['src/scripts/**', 'src/client-directives/**'], partialMatch: false },
  { type: 'components', pattern: 'src/components/**', partialMatch: false },
  { type: 'layouts', pattern: 'src/layouts/**', partialMatch: false },
  { type: 'pages', pattern: 'src/pages/**', partialMatch: false },
  { type: 'src', pattern: 'src/**', partialMatch: false },
];

const SERVER_TYPES = ['server', 'server-db', 'server-seed', 'server-services', 'server-providers'];
const APP_TYPES = BOUNDARY_ELEMENTS.map((element) => element.type);

/** A policy that forbids `from` to reach any of `to` (optionally only value imports). */
function forbid(from, to, message, kind) {
  return {
    from: { element: { types: { anyOf: [from].flat() } } },
    disallow: {
      to: { element: { types: { anyOf: to } } },
      ...(kind ? { dependency: { kind } } : {}),
    },
    message,
  };
}

/** The policies, in ARCHITECTURE.md's words; everything not forbidden is allowed. */
export const BOUNDARY_POLICIES = [
  // The last matching policy names the violation, so the general ones come first.
  forbid(SERVER_TYPES, ['lib-api', 'lib-stores'],
    'Server code never imports the browser HTTP client or the islands\' stores.'),
  forbid(['islands', 'browser-scripts', 'lib', 'lib-api', 'lib-stores', 'lib-rules', 'lib-contract', 'lib-constants'],
    SERVER_TYPES, 'Islands, page scripts and src/lib run in the browser: they never import src/server.'),
  forbid('lib-rules', APP_TYPES.filter((t) => !['lib-rules', 'lib-constants'].includes(t)),
    'Rules are pure: they import only other rules, lib/config/constants and npm packages.'),
  forbid('lib-contract', APP_TYPES.filter((t) => !['lib-contract', 'lib-rules', 'lib-constants'].includes(t)),
    'The wire contract imports only rules, lib/config/constants and npm packages.'),
  forbid('server-services', ['pages', 'islands', 'components', 'lib-api', 'lib-stores'],
    'Services know no page, island, component, browser client or store.'),
  forbid('server-db', ['server-services', 'server-seed', 'server-providers'],
    'The data layer knows no use case: no service, no seed, no provider.'),
  forbid('server-providers', ['server-services'],
    'Providers are ports to the outside world; services call them, not the other way round.'),
  // Components only render. A type from the server vanishes at build time, so `import type`
  // is tolerated here (the contract is the better home); value imports, which load data, are not.
  forbid('components', SERVER_TYPES,
    'Static components load no data: pass it in from the page (type-only imports are allowed).', 'value'),
];

export default tseslint.config(
  {
    ignores: ['dist/**', 'data/**', 'node_modules/**', '.astro/**', 'test-results/**',
      'playwright-report/**', 'drizzle/**', 'public/**'],
  },
  ...tseslint.configs.recommended,
  ...astro.configs['flat/recommended'],
  {
    files: ['src/**/*.{ts,tsx,astro}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': BOUNDARY_ELEMENTS,
      'boundaries/include': ['src/**/*'],
      'boundaries/legacy-warnings': false,
      // `~/` is src/ (tsconfig paths); the TypeScript resolver reads tsconfig.json.
      'import/resolver': {
        typescript: { project: './tsconfig.json', extensions: ['.ts', '.tsx', '.js', '.astro'] },
      },
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'allow', policies: BOUNDARY_POLICIES }],
    },
  },
  {
    // House convention: a leading underscore marks a binding left unused on purpose (rest
    // siblings that drop a field, callback parameters a signature requires).
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', {
        argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_',
        ignoreRestSiblings: true, caughtErrors: 'none',
      }],
    },
  },
  {
    // Only the two classic hook rules: the React Compiler rules of the plugin's preset judge
    // style the islands were not written for.
    files: ['src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
