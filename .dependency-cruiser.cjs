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
      comment: 'Routes stay thin: schema, one service call, reply.',
      from: { path: '\\.routes\\.ts$' },
      to: { path: '\\.repository\\.ts$' },
    },
    {
      name: 'services-know-no-http',
      severity: 'error',
      comment: 'Services take plain arguments, so rules test without HTTP.',
      from: { path: '\\.service\\.ts$' },
      to: { path: 'node_modules/(fastify|@fastify)/' },
    },
    {
      name: 'features-do-not-import-each-other',
      severity: 'error',
      comment: 'Features are composed in the routing layer only.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/([^/]+)/', pathNot: '^apps/web/src/features/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|dist-e2e|\\.tmp|test-results)/|routeTree\\.gen\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'types', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
    },
  },
};
