// Lint configuration: typescript-eslint's type-checked rules over the TypeScript code, eslint's
// recommended rules over the JavaScript (bench, CI helpers, fixtures). Formatting is prettier's
// job (`npm run format:check`); eslint only judges code. Every rule that is off says why.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const nodeGlobals = Object.fromEntries(
  [
    'require',
    'module',
    'exports',
    '__dirname',
    '__filename',
    'process',
    'console',
    'Buffer',
    'setTimeout',
    'clearTimeout',
    'setInterval',
    'clearInterval',
    'setImmediate',
    'performance',
    'URL',
  ].map((g) => [g, 'readonly']),
);

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-esm/**',
      'dist-examples/**',
      'node_modules/**',
      'coverage/**',
      'test/fixtures/plugins/syntax-error.cjs',
      // a plugin template built in place (its README suggests a copy outside the repository)
      'examples/plugin-template/dist/**',
      'examples/plugin-template/node_modules/**',
    ],
  },
  js.configs.recommended,
  {
    files: ['**/*.ts'],
    extends: [...tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // Tool `execute`, interceptors and engine fakes implement promise-returning contracts; an
      // `async` method without `await` is the plainest way to return a promise from them.
      '@typescript-eslint/require-await': 'off',
      // Rejecting, escaping and parsing control characters is part of this server's job (names,
      // titles, safe repr, tmux's control protocol): those regular expressions mean them.
      'no-control-regex': 'off',
      // `_`-prefixed names are deliberately unused (destructuring away a field, unused parameters of a contract).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    // The plugin template has a tsconfig.json of its own (it builds against the packed package,
    // test/e2e/plugin-template.test.ts), which the project service would pick, and inside the
    // repository that one cannot resolve 'tmux-mcp-ts'. Lint it with the root tsconfig, whose
    // `paths` resolve the package to src/ (the type check does the same).
    files: ['examples/plugin-template/**/*.ts'],
    languageOptions: { parserOptions: { projectService: false, project: ['./tsconfig.json'], tsconfigRootDir: import.meta.dirname } },
  },
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    languageOptions: { sourceType: 'commonjs', globals: nodeGlobals },
    rules: { 'no-control-regex': 'off' },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { sourceType: 'module' },
  },
);
