import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

const NODE_MODULES = [
  'fs',
  'path',
  'os',
  'crypto',
  'http',
  'https',
  'net',
  'child_process',
  'util',
  'stream',
  'url',
  'events',
  'buffer',
  'worker_threads',
]
const NODE_IMPORTS = [...NODE_MODULES, ...NODE_MODULES.map((m) => `${m}/*`)]

const RENDERER_LAYERS = {
  domain: 'domain is the bottom layer: it may import only src-shared.',
  bridge: 'bridge is the edge to main: it may import only src-shared.',
  cache: 'cache sits on domain: it may import domain and src-shared only.',
  jobs: 'jobs sits on cache, bridge and domain: it may not import ui.',
}

/**
 * A pattern forbidding imports of the renderer folders above (or beside) `layer`: a relative path
 * whose first folder after its `../` steps is one of them (src-shared/bridge is not `bridge/`).
 */
function above(layer, folders) {
  return { regex: `^(\\.\\.?/)+(${folders.join('|')})(/|$)`, message: RENDERER_LAYERS[layer] }
}

/** The cache's Dexie tables (TillDatabase's), read and written only in src-renderer/cache/. */
const CACHE_TABLES = [
  'bills',
  'billPaymentIndex',
  'expenses',
  'sessions',
  'checkpoints',
  'pendingDetails',
  'quarantine',
  'webhookIds',
  'meta',
  'reconciliations',
  'destinations',
  'logPages',
  'exportBatches',
  'accountMapping',
  'accountRoles',
  'exportRuns',
  'locationNames',
  'sessionTallies',
  'billCounts',
  'statementLines',
  'depositMatches',
  'depositOffers',
  'depositSettings',
  'sharedOutbox',
  'sharedVersions',
  'sharedConflicts',
  'sharedSetAside',
]
const ONLY_DOOR =
  'The cache is the only door to Dexie: call a named function of src-renderer/cache/.'
/** A database by its name: `db`, `fresh.db`, `this.db`, `this.ctx.db`, `database`, `someDb`. */
const DATABASE = '/^(db|database|\\w+Db)$/'
const CACHE_DOOR = [
  'error',
  {
    selector: `MemberExpression[property.name=/^(${CACHE_TABLES.join('|')})$/]:matches([object.name=${DATABASE}], [object.property.name=${DATABASE}])`,
    message: ONLY_DOOR,
  },
  { selector: "CallExpression[callee.property.name='transaction']", message: ONLY_DOOR },
  { selector: "CallExpression[callee.property.name='table']", message: ONLY_DOOR },
]

/** The renderer's import rule: no Node, no Electron, no main, plus what a layer may not import. */
function rendererImports(layerPatterns, extraPaths = []) {
  return [
    'error',
    {
      paths: [
        { name: 'electron', message: 'The renderer talks to main only through the bridge.' },
        { name: 'keytar', message: 'Secrets stay in main.' },
        ...NODE_IMPORTS.map((name) => ({ name, message: 'No Node modules in the renderer.' })),
        ...extraPaths,
      ],
      patterns: [
        { group: ['node:*'], message: 'No Node modules in the renderer.' },
        {
          group: ['**/src-main/**', '**/src-preload/**', '**/src-node/**'],
          message: 'The renderer may import only src-shared.',
        },
        ...layerPatterns,
      ],
    },
  ]
}

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': 'off',
    },
  },
  {
    files: ['src-renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': rendererImports([]),
      'no-restricted-globals': ['error', 'process', 'require', '__dirname', 'Buffer'],
    },
  },
  // The renderer's layers import downward only: ui → jobs → cache → domain, and jobs → bridge.
  // A later block's no-restricted-imports replaces an earlier one's, so each repeats the base.
  {
    files: ['src-renderer/domain/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': rendererImports(
        [above('domain', ['cache', 'jobs', 'ui', 'bridge'])],
        [
          ...['dexie', 'dexie-react-hooks', 'react', 'react-dom'].map((name) => ({
            name,
            message: 'domain is pure: no Dexie, no React.',
          })),
        ],
      ),
    },
  },
  {
    files: ['src-renderer/bridge/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': rendererImports([
        above('bridge', ['domain', 'cache', 'jobs', 'ui']),
      ]),
    },
  },
  {
    files: ['src-renderer/cache/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': rendererImports([above('cache', ['jobs', 'ui', 'bridge'])]) },
  },
  {
    files: ['src-renderer/jobs/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': rendererImports([above('jobs', ['ui'])]) },
  },
  {
    files: ['src-renderer/ui/**/*.{ts,tsx}', 'src-renderer/jobs/**/*.{ts,tsx}'],
    rules: { 'no-restricted-syntax': CACHE_DOOR },
  },
  {
    files: [
      'src-main/**/*.ts',
      'src-demo/**/*.ts',
      'src-node/**/*.ts',
      'src-preload/**/*.ts',
      'scripts/**/*.{ts,mjs}',
      'test/**/*.ts',
      '*.config.{ts,mjs}',
      'electron.vite.config.ts',
    ],
    languageOptions: { globals: globals.node },
  },
  {
    // Preload scripts for Node's --require, which takes CommonJS only.
    files: ['**/*.cjs'],
    languageOptions: { globals: globals.node, sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src-main/**/*.ts', 'src-demo/**/*.ts', 'src-node/**/*.ts', 'src-preload/**/*.ts'],
    rules: {
      // Main, the demo service, their Node helpers and preload have no DOM; a stray browser global is a bug.
      'no-restricted-globals': [
        'error',
        'window',
        'document',
        'localStorage',
        'sessionStorage',
        'navigator',
        'indexedDB',
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src-renderer/**'],
              message: 'Main and preload never import the renderer.',
            },
            {
              group: ['**/src-demo/*'],
              message: 'Main starts the demo service through the index of src-demo only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src-demo/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'The demo service runs in plain Node too.' }],
          patterns: [
            {
              group: ['**/src-renderer/**', '**/src-main/**'],
              message: 'The demo service may import only src-shared and src-node.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src-node/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'src-node runs in plain Node too.' }],
          patterns: [
            {
              group: [
                '**/src-renderer/**',
                '**/src-main/**',
                '**/src-demo',
                '**/src-demo/**',
                '**/src-preload/**',
              ],
              message: 'src-node serves main and the demo service; it imports only src-shared.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src-shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'electron', message: 'Shared code runs in every process.' },
            ...NODE_IMPORTS.map((name) => ({
              name,
              message: 'Shared code runs in the renderer too.',
            })),
          ],
          patterns: [
            { group: ['node:*'], message: 'Shared code runs in the renderer too.' },
            {
              group: ['**/src-main/**', '**/src-renderer/**', '**/src-preload/**'],
              message: 'src-shared depends on nothing of ours.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'process', 'require', 'Buffer'],
    },
  },
)
