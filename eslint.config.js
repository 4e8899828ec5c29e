// The lint guards the layers (see ../shared/style.md "Where things live"),
// not the format: no style rules, and no Prettier (the tree keeps its current
// hand format; see README "Decisions").
import { builtinModules } from 'node:module';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const nodeBuiltins = builtinModules.filter((name) => !name.startsWith('_'));

// Modules that do I/O or need Node: a workflow runs in Temporal's deterministic
// sandbox and must not load them (it talks to the world through activities).
const ioModules = [
  'mongodb',
  '@aws-sdk/*',
  'fastify',
  'fastify-plugin',
  '@fastify/*',
  'isolated-vm',
  'openai',
  '@modelcontextprotocol/*',
  '@temporalio/activity',
  '@temporalio/client',
  '@temporalio/worker',
  'tsx',
  'playwright-core',
  'autocannon',
  'pino',
  'prom-client',
  'commander',
  'cli-progress',
  'standardwebhooks',
];

export default defineConfig(
  {
    ignores: ['node_modules/**', '.data/**', '.tools/**', 'dist/**', 'bench/results/**', 'web/assets/**'],
  },
  {
    // A few lines carry `eslint-disable no-control-regex` on purpose (the
    // control characters are the point); that rule is not in this set.
    linterOptions: { reportUnusedDisableDirectives: 'off' },
  },
  {
    files: ['**/*.ts'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@typescript-eslint': tseslint.plugin, 'import-x': importX },
    settings: {
      // As in import-x's typescript preset: without these it skips .ts files
      // when it walks the import graph, and finds no cycle at all.
      'import-x/extensions': ['.ts', '.js', '.mjs'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // Type-only imports are erased, so only runtime cycles count.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['workflows/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(node:.*|(${nodeBuiltins.map((n) => n.replace(/[/.]/g, '\\$&')).join('|')})(/.*)?)$`,
              message: 'Workflows run in a deterministic sandbox: no Node built-ins (use an activity).',
            },
            {
              group: ioModules,
              message: 'Workflows run in a deterministic sandbox: no I/O modules (use an activity).',
            },
            {
              // Activities, stores, config and wiring do I/O or read the process; a workflow may name their types only.
              regex: '(^|/)(activities|store|workers|api|services|web|mcp|net|config|scripts|tooling|bench)(/|$)',
              allowTypeImports: true,
              message: 'Workflows import only types from activities and other I/O code (`import type`).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['core/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^node:',
              message: 'core/ is pure: no Node built-ins.',
            },
          ],
        },
      ],
    },
  },
);
