// Lint = import boundaries of docs ARCHITECTURE.md + a light typescript-eslint pass.
// The boundary policies are the point: `npm test` checks them, so the layering does not rest on
// discipline. The type rules stay at `recommended` (no type information) so a 2-core machine lints
// the tree in seconds; formatting is not linted at all (no stylistic rules).
import astro from 'eslint-plugin-astro';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

/**
 * The rooms of ARCHITECTURE.md "Layout: one home per feature". Every file of src/ is an element; the
 * first matching pattern wins, so the narrow ones come first (the schema barrel before the data
 * layer, server configuration before the browser-safe constants).
 *
 * plugin v7 matches element patterns against folders once `partialMatch: false` is set, so a
 * single-file element needs the older `mode: 'full'`; the deprecation notice for it is silenced
 * below. tests/unit/lint-boundaries.test.ts proves each policy still fires.
 */
export const BOUNDARY_ELEMENTS = [
  { type: 'feature-rules', pattern: 'src/features/*/rules/**', partialMatch: false, capture: ['feature'] },
  // A feature's tables: the data layer's share of the feature, gathered by the schema barrel.
  { type: 'feature-tables', pattern: 'src/features/*/server/tables.ts', mode: 'full', capture: ['feature'] },
  // server/index.ts: the one door of a feature's server for every other room.
  { type: 'feature-door', pattern: 'src/features/*/server/index.ts', mode: 'full', capture: ['feature'] },
  { type: 'feature-server', pattern: 'src/features/*/server/**', partialMatch: false, capture: ['feature'] },
  // Astro components render on the server: a type from a feature's server/ is tolerated there.
  { type: 'feature-astro', pattern: 'src/features/*/ui/**/*.astro', mode: 'full', capture: ['feature'] },
  { type: 'feature-ui', pattern: 'src/features/*/ui/**', partialMatch: false, capture: ['feature'] },
  // wire.ts: the schemas of the feature's routes (endpoints and tests; the browser takes its types)
  { type: 'feature-wire', pattern: 'src/features/*/wire.ts', mode: 'full', capture: ['feature'] },
  // constants.ts: the spec's numbers and our limits that only this feature uses (rules read them).
  { type: 'feature-constants', pattern: 'src/features/*/constants.ts', mode: 'full', capture: ['feature'] },
  // routes.ts, client.ts, contract, stores: what a feature's screens and the browser client read.
  { type: 'feature-browser', pattern: 'src/features/*/**', partialMatch: false, capture: ['feature'] },
  { type: 'platform-schema', pattern: 'src/platform/db/schema.ts', mode: 'full' },
  { type: 'platform-db', pattern: 'src/platform/db/**', partialMatch: false },
  { type: 'platform-providers', pattern: 'src/platform/providers/**', partialMatch: false },
  { type: 'platform-server', pattern: ['src/platform/http/**', 'src/platform/edge/**', 'src/platform/config/config.ts', 'src/platform/config/log.ts'], mode: 'full' },
  { type: 'platform-rules', pattern: 'src/platform/rules/**', partialMatch: false },
  { type: 'platform-constants', pattern: 'src/platform/config/constants.ts', mode: 'full' },
  { type: 'platform-stores', pattern: 'src/platform/stores/**', partialMatch: false },
  // wire pieces and browser-safe configuration: both halves read them
  { type: 'platform-shared', pattern: ['src/platform/wire/**', 'src/platform/config/**'], mode: 'full' },
  // client core, design kit, wire pieces, browser-safe configuration
  { type: 'platform-browser', pattern: 'src/platform/**', partialMatch: false },
  { type: 'app-seed', pattern: 'src/app/seed/**', partialMatch: false },
  { type: 'app', pattern: 'src/app/**', partialMatch: false },
  { type: 'page-scripts', pattern: 'src/layouts/scripts/**', partialMatch: false },
  { type: 'layouts', pattern: 'src/layouts/**', partialMatch: false },
  { type: 'pages', pattern: 'src/pages/**', partialMatch: false },
  { type: 'src', pattern: 'src/**', partialMatch: false },
];

const SERVER_TYPES = ['feature-tables', 'feature-door', 'feature-server', 'platform-schema', 'platform-db', 'platform-providers', 'platform-server', 'app', 'app-seed'];
const BROWSER_TYPES = ['feature-rules', 'feature-constants', 'feature-ui', 'feature-browser', 'platform-rules', 'platform-constants', 'platform-stores', 'platform-shared', 'platform-browser', 'page-scripts'];
const FEATURE_TYPES = ['feature-rules', 'feature-constants', 'feature-tables', 'feature-door', 'feature-server', 'feature-astro', 'feature-ui', 'feature-wire', 'feature-browser'];
const PLATFORM_TYPES = ['platform-schema', 'platform-db', 'platform-providers', 'platform-server', 'platform-rules', 'platform-constants', 'platform-stores', 'platform-shared', 'platform-browser'];
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
  // Another feature's server/, a page or app/ goes through server/index.ts; the schema barrel and
  // the tables' foreign keys reach the tables themselves.
  {
    from: { element: { types: { anyOf: APP_TYPES } } },
    disallow: { to: { element: { types: { anyOf: ['feature-server'] }, captured: { feature: '!{{ from.feature }}' } } } },
    message: 'Another room reaches a feature\'s server only through its door, server/index.ts.',
  },
  {
    from: { element: { types: { anyOf: APP_TYPES.filter((t) => !['platform-schema', 'feature-tables'].includes(t)) } } },
    disallow: { to: { element: { types: { anyOf: ['feature-tables'] }, captured: { feature: '!{{ from.feature }}' } } } },
    message: 'Another room reaches a feature\'s tables only through its door, server/index.ts (or the schema barrel).',
  },
  forbid(SERVER_TYPES, ['feature-astro', 'feature-ui', 'platform-stores'],
    'Server code never imports a screen or the islands\' stores.'),
  forbid(BROWSER_TYPES, SERVER_TYPES,
    'Screens, clients, contracts, stores and rules run in the browser: they never import a feature\'s server/, the platform\'s server side or app/.'),
  forbid(BROWSER_TYPES.filter((t) => t !== 'feature-rules'), ['feature-wire'],
    'The browser takes only types from a feature\'s wire.ts: its schemas would bring zod and the server\'s error texts.', 'value'),
  forbid('feature-wire', ['feature-tables', 'feature-server', 'feature-ui', 'feature-astro', 'platform-stores', 'platform-browser', 'app', 'app-seed'],
    'A feature\'s wire.ts holds schemas: it imports routes, contracts, rules and the platform\'s wire and errors.'),
  // The schema barrel gathers the features' tables; type imports (a port's shapes) vanish at
  // build time.
  forbid(PLATFORM_TYPES.filter((t) => t !== 'platform-schema'), FEATURE_TYPES,
    'platform/ knows no feature: move the piece into platform/ or hand it in from the feature.', 'value'),
  forbid(PLATFORM_TYPES, ['app', 'app-seed'], 'platform/ never imports app/ (the composition root imports it).'),
  forbid(FEATURE_TYPES, ['app', 'app-seed'], 'Features never import app/ (the composition root imports them).'),
  forbid(['feature-rules', 'platform-rules'], APP_TYPES.filter((t) => !['feature-rules', 'feature-constants', 'platform-rules', 'platform-constants'].includes(t)),
    'Rules are pure: they import only other rules, constants and npm packages.'),
  forbid('feature-constants', APP_TYPES.filter((t) => t !== 'platform-constants'),
    'A feature\'s constants are plain values: they import only platform/config/constants.', 'value'),
  forbid('feature-astro', SERVER_TYPES,
    'Components only render: pass data in from the page (type-only imports are allowed).', 'value'),
  forbid(['feature-server', 'feature-tables'], ['pages', 'feature-astro', 'feature-ui', 'platform-browser', 'platform-stores'],
    'A feature\'s server/ knows no page, screen, browser client or store.'),
  forbid(['platform-db', 'platform-schema', 'feature-tables'], ['feature-server', 'app-seed', 'platform-providers'],
    'The data layer knows no use case: no feature server, no seed, no provider.'),
  forbid('platform-providers', ['feature-server'],
    'Providers are ports to the outside world; features call them, not the other way round.'),
  forbid('pages', ['platform-schema', 'feature-tables'],
    'Routes never import the database schema: a feature\'s server/ owns its tables.'),
];

export default defineConfig(
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
