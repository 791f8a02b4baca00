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

/**
 * The renderer is cut by capability: each folder below holds what one part of a shop's work needs,
 * with its pure rules (`rules/`), its IndexedDB tables (`tables/`), its work over time (`jobs/`)
 * and one door (`index.ts`) the screens go through. docs/architecture.md#capabilities.
 */
const CAPABILITIES = [
  'sync',
  'webhooks',
  'sessions',
  'day-close',
  'exports',
  'deposits',
  'shared-books',
  'backup',
  'settings',
]
/** An import string reaching `folders` of any capability, from any depth: `../../exports/tables/x`. */
const intoCapabilityPart = (folders) => `^(\\.\\./)+([\\w-]+/)?(${folders.join('|')})(/|$)`
/** An import string reaching one of the renderer's top folders: `../../ui/app/App`. */
const intoTop = (folders) => `^(\\.\\.?/)+(${folders.join('|')})(/|$)`
/** An import string naming a capability's door: `../../deposits`. */
const DOOR = `^(\\.\\./)+(${CAPABILITIES.join('|')})/?(index)?$`

const RENDERER_RULES = {
  rules: [
    {
      regex: intoCapabilityPart(['tables', 'jobs']),
      message: 'rules are pure: they may import rules, format and src-shared only.',
    },
    {
      regex: intoTop(['ui', 'bridge', 'database']),
      message: 'rules are pure: they may import rules, format and src-shared only.',
    },
    { regex: DOOR, message: "A capability's door is for the screens; import the file itself." },
  ],
  tables: [
    {
      regex: intoCapabilityPart(['jobs']),
      message: 'tables sit on rules and the database: they may not import jobs.',
    },
    {
      regex: intoTop(['ui', 'bridge']),
      message: 'tables sit on rules and the database: they may not import ui or the bridge.',
    },
    { regex: DOOR, message: "A capability's door is for the screens; import the file itself." },
  ],
  jobs: [
    { regex: intoTop(['ui']), message: 'jobs run under the screens: they may not import ui.' },
    { regex: DOOR, message: "A capability's door is for the screens; import the file itself." },
  ],
  bridge: [
    {
      regex: `^\\.\\./[^.]`,
      message: 'bridge is the edge to main: it may import only src-shared and itself.',
    },
  ],
  ui: [
    {
      regex: `^(\\.\\./)+(${CAPABILITIES.join('|')})/(rules|tables|jobs)(/|$)`,
      message: 'A screen reaches a capability only through its door: import from the folder.',
    },
  ],
}

/** The cache's Dexie tables (TillDatabase's), read and written only in a capability's tables/. */
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
  "A capability's tables are the only door to Dexie: call a named function of its tables/."
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
    files: ['src-*/**/*.{ts,tsx}'],
    rules: {
      // A function longer than a screen or two is split along what it shows or does. Blank lines
      // and comments count: they are what a reader scrolls through (prettier keeps no runs of
      // blank lines to pad with), and a function that needs long comments inside it to be
      // followed is one to split, not one whose comments should go.
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: false, skipComments: false }],
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
  // Inside a capability, jobs → tables → rules; the screens go through each capability's door.
  // A later block's no-restricted-imports replaces an earlier one's, so each repeats the base.
  {
    files: ['src-renderer/format/**/*.{ts,tsx}', 'src-renderer/*/rules/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': rendererImports(
        RENDERER_RULES.rules,
        ['dexie', 'dexie-react-hooks', 'react', 'react-dom'].map((name) => ({
          name,
          message: 'rules are pure: no Dexie, no React.',
        })),
      ),
    },
  },
  {
    files: ['src-renderer/database/**/*.{ts,tsx}', 'src-renderer/*/tables/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': rendererImports(RENDERER_RULES.tables) },
  },
  {
    files: ['src-renderer/*/jobs/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': rendererImports(RENDERER_RULES.jobs) },
  },
  {
    files: ['src-renderer/bridge/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': rendererImports(RENDERER_RULES.bridge) },
  },
  {
    files: ['src-renderer/ui/**/*.{ts,tsx}', 'src-renderer/main.tsx'],
    rules: { 'no-restricted-imports': rendererImports(RENDERER_RULES.ui) },
  },
  {
    files: ['src-renderer/**/*.{ts,tsx}'],
    ignores: ['src-renderer/database/**', 'src-renderer/*/tables/**'],
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
