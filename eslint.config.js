// The lint guards the layers (see ../shared/style.md "Where things live"),
// not the format: no style rules here; Prettier owns the format (`npm run lint`
// runs both; see docs/decisions.md).
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

// The rooms of the tree and, for each layer, the rooms it may import from (the
// folder table of docs/architecture.md). Written as allow-lists: a room added to
// ROOMS is closed to every layer until a line here opens it. Type-only imports
// count too, so the workflows' `import type` of activity and store types is
// allowed here and narrowed to types by the workflows' rule below. Node
// built-ins are not paths (the rule resolves files only): core's and the
// contracts' own rule bans them.
const ROOMS = [
  'api',
  'web',
  'http',
  'services',
  'workflows',
  'contracts',
  'activities',
  'workers',
  'store',
  'core',
  'net',
  'config',
  'cli',
  'mcp',
  'clients',
  'scripts',
  'tooling',
  'bench',
  'test',
];
const LAYERS = [
  {
    target: ['api'],
    allowed: ['api', 'http', 'services', 'store', 'core', 'contracts', 'net', 'config'],
    // The API and the website are one Fastify app, put together in one file.
    composition: {
      file: 'api/app.ts',
      rooms: ['web'],
      message: 'api/ reaches web/ only in api/app.ts, where the app is composed; what both rooms use lives in http/.',
    },
    message: 'Routes call services; activities, workflows and workers are reached through Temporal, not imported.',
  },
  {
    target: ['web'],
    allowed: ['web', 'http', 'services', 'store', 'core', 'contracts', 'net', 'config'],
    message: 'The website never imports api/: what both rooms use lives in http/. Activities, workflows and workers are reached through Temporal.',
  },
  {
    target: ['http'],
    allowed: ['http', 'services', 'store', 'core', 'contracts', 'net', 'config'],
    message: 'http/ holds what the API and the website share, over the services: it imports neither api/ nor web/.',
  },
  {
    target: ['services'],
    allowed: ['services', 'store', 'core', 'contracts', 'net', 'config'],
    message:
      'A use case sits under the routes: it never imports api/, web/, http/, workflows/, activities/ or workers/ (it starts workflows by name, with inputs from contracts/).',
  },
  {
    target: ['activities'],
    allowed: ['activities', 'core', 'store', 'net', 'contracts'],
    message: 'Activities do the I/O over core/, store/, net/ and the contracts/; never workflows/, services/ or api/.',
  },
  {
    target: ['workflows'],
    allowed: ['workflows', 'core', 'contracts', 'activities', 'store'],
    message: 'Workflows orchestrate over core/ and contracts/ (activity and store types only, see the rule below).',
  },
  { target: ['core'], allowed: ['core'], message: 'core/ is pure: it imports nothing outside core/.' },
  { target: ['contracts'], allowed: ['contracts', 'core'], message: 'contracts/ is pure data shared by workflows and activities: core/ only.' },
  // The wire schemas (core/wire/) are the one source both sides are typed from.
  {
    target: ['clients'],
    allowed: ['clients', 'core/wire'],
    message: 'A client knows nothing of the server: only its own folder and the wire schemas (core/wire/).',
  },
  {
    target: ['cli', 'mcp'],
    allowed: ['cli', 'mcp', 'clients', 'core'],
    message:
      "The CLI and the MCP server are clients: they reach the service through the JS client (clients/), with core/'s pure helpers; never the server's rooms.",
  },
  {
    target: ['store'],
    allowed: ['store', 'core', 'config'],
    message: 'store/ keeps documents and media: core/ and config/ only, no HTTP, Temporal or activities.',
  },
  { target: ['net'], allowed: ['net'], message: 'net/ (address rules, safe fetch) stands alone: it imports nothing of ours.' },
  { target: ['config'], allowed: ['config', 'core', 'net'], message: 'config/ reads the environment over core/ and net/ only.' },
  {
    target: ['workers'],
    allowed: ['workers', 'activities', 'workflows', 'contracts', 'store', 'core', 'net', 'config'],
    message: 'A worker composes activities and workflows over the store: never api/, web/ or services/.',
  },
  {
    target: ['tooling', 'scripts'],
    allowed: ['tooling', 'scripts', 'api', 'web', 'http', 'services', 'workers', 'workflows', 'activities', 'contracts', 'store', 'core', 'net', 'config'],
    message: 'tooling/ and scripts/ start and seed the service: never the tests, the benchmarks or the clients.',
  },
  {
    target: ['bench'],
    allowed: [
      'bench',
      'test',
      'tooling',
      'api',
      'web',
      'http',
      'services',
      'workers',
      'workflows',
      'activities',
      'contracts',
      'store',
      'core',
      'net',
      'config',
    ],
    message: 'A benchmark runs the service as the tests do: never the CLI, the MCP server or the scripts.',
  },
];
/** Globs naming every TypeScript file of a room but `file`, one of the room's top-level files. */
const allFilesBut = (file) => {
  const [room, name, ...deeper] = file.split('/');
  if (deeper.length > 0 || !name.endsWith('.ts')) throw new Error(`${file}: a composition is a top-level .ts file of its room`);
  return [`${room}/!(${name.slice(0, -'.ts'.length)}).ts`, `${room}/*/**/*.ts`];
};
const zoneOf = ({ target, allowed, composition, message }) => {
  const open = [...allowed, ...(composition?.rooms ?? [])].map((room) => room.split('/')[0]);
  const exceptions = allowed.filter((room) => room.includes('/'));
  return [
    { target, from: ROOMS.filter((room) => !open.includes(room)), message },
    // A room open only in part (core/wire for clients): the rest of it stays closed.
    ...exceptions.map((room) => ({ target, from: room.split('/')[0], except: [room.split('/').slice(1).join('/')], message })),
    // Rooms open to the composition file alone stay closed to the rest of its room.
    ...(composition ? [{ target: allFilesBut(composition.file), from: composition.rooms, message: composition.message }] : []),
  ];
};
// test/ imports every room, as it tests them. Its own floor is test/unit/: unit files need no
// service running and run in parallel, so they take nothing from the integration and fault suites,
// which need the stack (those borrow the unit tests' helpers instead, and bench/ theirs).
const testZones = [
  {
    target: 'test/unit',
    from: ['test/integration', 'test/faults'],
    message: 'A unit test needs no stack: it imports nothing from test/integration/ or test/faults/; a helper both use lives in test/unit/.',
  },
];
const layerZones = [...LAYERS.flatMap(zoneOf), ...testZones];

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
      // Type-only imports are erased, so only runtime cycles count here;
      // test/unit/tooling/import-circles.test.ts fails on a circle through a type-only edge too.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: layerZones }],
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
              regex: '(^|/)(activities|store|workers|api|services|web|http|mcp|net|config|scripts|tooling|bench)(/|$)',
              allowTypeImports: true,
              message: 'Workflows import only types from activities and other I/O code (`import type`).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['core/**/*.ts', 'contracts/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(node:.*|(${nodeBuiltins.map((n) => n.replace(/[/.]/g, '\\$&')).join('|')})(/.*)?)$`,
              message: 'core/ and contracts/ are pure: no Node built-ins.',
            },
            {
              group: ioModules,
              message: 'core/ and contracts/ are pure: no I/O modules.',
            },
          ],
        },
      ],
    },
  },
);
