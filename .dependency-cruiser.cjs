/** Module boundaries of the monorepo; `npm test` fails when one is crossed. */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Circular imports make load order matter and hide layering mistakes.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'packages-stay-independent-of-apps',
      severity: 'error',
      comment: 'Shared packages are used by the apps, never the other way round.',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-and-api-share-only-packages',
      severity: 'error',
      comment: 'The web app and the API meet only through packages/contracts.',
      from: { path: '^apps/web/' },
      to: { path: '^apps/api/' },
    },
    {
      name: 'api-does-not-import-web',
      severity: 'error',
      from: { path: '^apps/api/' },
      to: { path: '^apps/web/' },
    },
    {
      name: 'recurrence-is-pure',
      severity: 'error',
      comment: 'The recurrence engine does no I/O and depends only on zod.',
      from: { path: '^packages/recurrence/src/(?!.*\\.test\\.ts$)' },
      to: { dependencyTypes: ['npm', 'npm-dev', 'core'], pathNot: 'node_modules/zod/' },
    },
    {
      name: 'repository-only-from-its-own-module',
      severity: 'error',
      comment: "A module may call another module's service, never its repository.",
      from: { path: '^apps/api/src/modules/([^/]+)/' },
      to: {
        path: '^apps/api/src/modules/([^/]+)/[^/]+\\.repository\\.ts$',
        pathNot: '^apps/api/src/modules/$1/',
      },
    },
    {
      name: 'routes-go-through-services',
      severity: 'error',
      comment: 'Routes stay thin: schema, one service call, reply; no queries, no tables.',
      from: { path: '\\.routes\\.ts$' },
      to: {
        path: ['\\.repository\\.ts$', '\\.table\\.ts$', '^apps/api/src/db/', 'node_modules/drizzle-orm/'],
      },
    },
    {
      name: 'services-know-no-http',
      severity: 'error',
      comment: 'Services take plain arguments, so rules test without HTTP (nor the plugins that wire it).',
      from: { path: '\\.service\\.ts$' },
      to: { path: ['node_modules/(fastify[^/]*|@fastify/[^/]+)/', '^apps/api/src/plugins/'] },
    },
    {
      name: 'tables-only-from-their-own-repository',
      severity: 'error',
      comment:
        "A module's tables are queried by its own repository; other modules go through its service. " +
        'Tables may reference each other (foreign keys), and db/schema.ts lists them all.',
      from: {
        path: '^apps/api/src/modules/([^/]+)/',
        pathNot: [
          '\\.table\\.ts$',
          // Plan usage counts what a user owns in every area in one read-only statement.
          '^apps/api/src/modules/plans/plan-usage\\.repository\\.ts$',
          // The export and import move every table of a user as it is; going through each area's
          // services would mean one code path per table and no single consistent snapshot.
          '^apps/api/src/modules/data-transfer/(export-tables|data-transfer\\.repository)\\.ts$',
        ],
      },
      to: {
        path: '^apps/api/src/modules/[^/]+/[^/]+\\.table\\.ts$',
        // Currencies and their daily rates are reference data no user owns: a repository that
        // converts amounts joins them in its SQL, as fetching every rate through a service would
        // mean reading them all into the process.
        pathNot: ['^apps/api/src/modules/$1/', '^apps/api/src/modules/currencies/currencies\\.table\\.ts$'],
      },
    },
    {
      name: 'tables-only-from-repositories',
      severity: 'error',
      comment: 'Only repositories touch tables (and db/schema.ts, which lists them for Drizzle).',
      from: {
        path: '^apps/api/src/',
        pathNot: [
          '\\.(repository|table)\\.ts$',
          '^apps/api/src/db/schema\\.ts$',
          // The tasks repository's SQL builders (listing order and cursors, smart-view rules): they
          // only build fragments over their own module's table, never query it themselves.
          '^apps/api/src/modules/tasks/task-query\\.ts$',
          '^apps/api/src/modules/tasks/smart-view-filters\\.ts$',
          // The export registry lists the user-owned tables (it never queries them itself).
          '^apps/api/src/modules/data-transfer/export-tables\\.ts$',
        ],
      },
      to: { path: '^apps/api/src/modules/[^/]+/[^/]+\\.table\\.ts$' },
    },
    {
      name: 'schema-index-only-for-the-database',
      comment:
        "db/schema.ts lists every table for Drizzle; importing it elsewhere would reach other modules' tables.",
      severity: 'error',
      from: { path: '^apps/api/src/', pathNot: '^apps/api/src/db/' },
      to: { path: '^apps/api/src/db/schema\\.ts$' },
    },
    {
      name: 'plugins-go-through-services',
      severity: 'error',
      comment: 'Plugins wire HTTP concerns; data access stays behind the services.',
      from: { path: '^apps/api/src/plugins/' },
      to: { path: '\\.repository\\.ts$' },
    },
    {
      name: 'shared-web-code-knows-no-features',
      severity: 'error',
      comment: 'Shared components and helpers sit below the features; features are composed in routes/.',
      from: { path: '^apps/web/src/(components|lib)/' },
      to: { path: '^apps/web/src/features/' },
    },
    {
      name: 'features-do-not-import-each-other',
      severity: 'error',
      comment: 'Features are composed in the routing layer only.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/([^/]+)/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'no-orphans',
      severity: 'error',
      comment: 'A file nothing imports is dead code (or a forgotten wiring).',
      from: {
        orphan: true,
        pathNot: [
          '\\.(test|spec)\\.tsx?$',
          '(^|/)(test|e2e|tests)/',
          '(^|/)[^/]+\\.config\\.(ts|mts|cts|js|mjs|cjs)$',
          '(^|/)\\.[^/]+\\.(js|cjs|mjs|json)$',
          '\\.d\\.ts$',
          'routeTree\\.gen\\.ts$',
          // Entry points: started by node, Vite or the CLI, not imported.
          '^apps/api/src/server\\.ts$',
          '^apps/web/src/main\\.tsx$',
          '^apps/web/src/routes/',
          '(^|/)scripts/',
          // Served as is and loaded by index.html.
          '^apps/web/public/',
        ],
      },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Build output of this repository only: packages in node_modules ship dist/ too, and rules must see them.
    exclude: {
      path: '^(apps|packages)/[^/]+/(dist|dist-e2e|builds|\\.tmp|test-results)/|^(e2e|bench)/(dist|\\.tmp|test-results)/|^(\\.tmp|test-results)/|routeTree\\.gen\\.ts$',
    },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'types', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
    },
  },
};
