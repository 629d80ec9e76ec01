// Flat typescript-eslint config. Beyond the recommended sets it enforces the project's
// safety rules (untrusted data never becomes HTML or code) and the import boundaries
// of the design: core imports nothing of ours and no browser API; tap imports only
// bridge/messages; bridge and cli import core; panel imports core and bridge.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const unsafeHtml = [
  {
    selector: "MemberExpression[property.name='innerHTML']",
    message: 'Untrusted data must never become HTML: render text nodes.',
  },
  {
    selector: "MemberExpression[property.name='outerHTML']",
    message: 'Untrusted data must never become HTML: render text nodes.',
  },
  {
    selector: "CallExpression[callee.property.name='insertAdjacentHTML']",
    message: 'Untrusted data must never become HTML.',
  },
  { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Untrusted data must never become HTML.' },
  { selector: "Property[key.name='dangerouslySetInnerHTML']", message: 'Untrusted data must never become HTML.' },
  { selector: "NewExpression[callee.name='Function']", message: 'No code from strings (MV3 forbids it anyway).' },
  { selector: "CallExpression[callee.name='Function']", message: 'No code from strings (MV3 forbids it anyway).' },
];

const panelOutside = {
  group: ['**/tap/**', '**/cli/**', '**/extension/**'],
  message: 'The panel imports core and bridge only.',
};

// The map from view to component imports every view: App alone shows views.
const onlyAppShowsViews = {
  group: ['**/view-components', '**/view-components.js'],
  message: 'Only App.tsx shows views; read view names and labels from view-registry.ts.',
};

// One definition of each checked JSON read (src/core/json-value.ts): a copy elsewhere drifts
// silently (isRecord came back twice in src/cli/probe after it was made one). `str` is
// matched by its one-argument shape: the bridge's length-bounded guard and the tap's
// field reader (which may not import the core) are different functions of the same name.
const sharedHelpers = 'isRecord|asRecord|strField';
const redefinedHelpers = [
  {
    selector: `FunctionDeclaration[id.name=/^(${sharedHelpers})$/], VariableDeclarator[id.name=/^(${sharedHelpers})$/]`,
    message: 'Import it from src/core/json-value.ts (through core-deps.ts where there is one): one definition.',
  },
  {
    selector:
      "FunctionDeclaration[id.name='str'][params.length=1], VariableDeclarator[id.name='str'] > ArrowFunctionExpression[params.length=1]",
    message: 'Import str from src/core/json-value.ts (through core-deps.ts where there is one): one definition.',
  },
  {
    // Node's loader (Playwright's test runner, tsx) refuses a JSON module without it; vite does not care.
    selector: 'ImportDeclaration[source.value=/\\.json$/][attributes.length=0]',
    message: "Import JSON with `with { type: 'json' }`: Node's loader refuses it otherwise.",
  },
];

/** State lives in an inspector, never in a module that every inspector shares. */
const coreModuleState = {
  selector:
    "Program > VariableDeclaration[kind!='const'], Program > ExportNamedDeclaration > VariableDeclaration[kind!='const']",
  message: 'No module-level let/var in src/core: keep state in the instance that owns it.',
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-firefox/**',
      'dist-cli/**',
      'dist-lib/**',
      'dist-playwright/**',
      'dist-vitest/**',
      'dist-viewer/**',
      'dist-demo/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'artifacts/**',
      'tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
      'no-restricted-syntax': ['error', ...unsafeHtml, ...redefinedHelpers],
      'no-console': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    files: ['src/core/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-syntax': ['error', ...unsafeHtml, ...redefinedHelpers, coreModuleState],
      'no-restricted-globals': [
        'error',
        'window',
        'document',
        'chrome',
        'browser',
        'navigator',
        'localStorage',
        'fetch',
        'setTimeout',
        'setInterval',
        'performance',
        'process',
        'Buffer',
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '../../tap/*',
                '../../bridge/*',
                '../../panel/*',
                '../../cli/*',
                '../../../extension/*',
                '**/tap/**',
                '**/bridge/**',
                '**/panel/**',
                '**/cli/**',
                '**/extension/**',
              ],
              message: 'src/core imports nothing of ours outside core.',
            },
            {
              group: ['node:*', 'fs', 'path', 'webextension-polyfill', 'preact', 'preact/*', '@preact/*'],
              message: 'src/core is pure: no Node or browser modules.',
            },
          ],
        },
      ],
    },
  },
  {
    // The shared helpers' home.
    files: ['src/core/json-value.ts'],
    rules: { 'no-restricted-syntax': ['error', ...unsafeHtml, coreModuleState] },
  },
  {
    files: ['src/tap/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // The core, but for the one credential-name list (plain data: the tap redacts headers by it).
              regex: '/core/(?!io/redact/credential-names\\.js$)',
              message: 'The page-world tap imports only bridge/messages and the credential-name list.',
            },
            {
              group: ['**/panel/**', '**/cli/**', 'webextension-polyfill', 'preact', 'preact/*'],
              message:
                'The page-world tap imports only bridge/messages and the credential-name list (it must stay tiny and never touch extension APIs).',
            },
            {
              group: ['**/bridge/*', '!**/bridge/messages', '!**/bridge/messages.js'],
              message: 'The tap may import only bridge/messages.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'chrome', 'browser'],
    },
  },
  {
    files: ['src/bridge/**/*.ts', 'src/cli/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/panel/**', '**/tap/**', '**/extension/**'],
              message: 'bridge and cli import only core (and bridge).',
            },
          ],
        },
      ],
    },
  },
  {
    // core-deps.ts is the CLI's one door to the core's values (types may come directly).
    files: ['src/cli/**/*.ts'],
    ignores: ['src/cli/core-deps.ts', '**/*.test.ts', '**/*.test-helper.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/core/**'],
              allowTypeImports: true,
              message: "Import the core's values through src/cli/core-deps.ts (add a re-export there).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/playwright/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/panel/**', '**/tap/**', '**/cli/**', '**/extension/**'],
              message: 'The Playwright fixture imports core and bridge only (the tap arrives as its built bundle).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/panel/**/*.{ts,tsx}'],
    ignores: ['src/panel/shell/App.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: [panelOutside, onlyAppShowsViews] }] },
  },
  {
    files: ['src/panel/shell/App.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: [panelOutside] }] },
  },
  {
    // The panel's layers run one way: components and actions sit on the store and the pure
    // derivations, never under them (an import the other way closes a circle through the views).
    files: ['src/panel/store/**/*.ts', 'src/panel/derive/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.test-helper.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            panelOutside,
            onlyAppShowsViews,
            {
              // Components are PascalCase .tsx files (imported as .js); the shell holds App's component map.
              regex: '\\.tsx$|(^|/)[A-Z][^/]*$|(^|/)shell/',
              caseSensitive: true,
              message:
                'store/ and derive/ never import components: put the shared type or function in a .ts leaf (view names: view-registry.ts).',
            },
            {
              regex: '(^|/)[^/]*actions[^/]*$',
              message:
                'store/ and derive/ never import actions: actions orchestrate the store from above (call them from a component or another action).',
            },
          ],
        },
      ],
    },
  },
  {
    // core-deps.ts is the panel's one door to the core's values (types may come directly).
    files: ['src/panel/**/*.{ts,tsx}'],
    ignores: ['src/panel/core-deps.ts', '**/*.test.{ts,tsx}', '**/*.test-helper.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/core/**'],
              allowTypeImports: true,
              message: "Import the core's values through src/panel/core-deps.ts (add a re-export there).",
            },
          ],
        },
      ],
    },
  },
  {
    // The panel's hooks come from preact/hooks; the rules know them by name (use*). An effect
    // that reads a value it does not list runs with a stale one: derive it (useMemo, computed)
    // rather than writing state from an effect.
    files: ['src/panel/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // One code path for Chrome and Firefox: browser APIs only through webextension-polyfill.
    files: ['extension/**/*.ts', 'src/bridge/**/*.ts', 'src/panel/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-globals': [
        'error',
        {
          name: 'chrome',
          message: "Use `import browser from 'webextension-polyfill'` (the Firefox build runs the same code).",
        },
        { name: 'browser', message: "Import it: `import browser from 'webextension-polyfill'`." },
      ],
    },
  },
  {
    // The test tooling e2e/, scripts/ and bench/ share: they import it, never the other way round.
    files: ['harness/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/e2e/**', '**/scripts/**', '**/bench/**'],
              message: 'harness/ is the tooling e2e, scripts and bench share: it imports none of them.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests of the core may read fixtures from disk and use fakes; the code they test may not.
    files: ['src/core/**/*.test.ts', 'src/core/**/*.test-helper.ts', 'src/core/**/rule-cases.test-helper.ts'],
    rules: { 'no-restricted-imports': 'off', 'no-restricted-globals': 'off' },
  },
  {
    files: [
      '**/*.test.{ts,tsx}',
      'harness/**/*.ts',
      'e2e/**/*.ts',
      'scripts/**/*.ts',
      'bench/**/*.ts',
      'demo/**/*.ts',
      'src/cli/**/*.ts',
    ],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
