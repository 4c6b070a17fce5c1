// Boundaries of the modular monolith (ARCHITECTURE.md, "Rules between parts"), checked in CI by `npm run lint`.
module.exports = {
  forbidden: [
    { name: 'no-cycles', severity: 'error', from: {}, to: { circular: true, dependencyTypesNot: ['type-only'] } },
    { name: 'libs-never-import-apps', severity: 'error', from: { path: '^libs/' }, to: { path: '^apps/' } },
    {
      name: 'platform-imports-no-context',
      severity: 'error',
      from: { path: '^libs/platform/' },
      to: { path: '^libs/(?!platform/)' },
    },
    {
      name: 'contexts-only-through-index',
      comment: 'Another context is reached only through its index.ts (the @platform/<name> alias).',
      severity: 'error',
      from: { path: '^libs/([^/]+)/' },
      to: { path: '^libs/([^/]+)/(?!src/index\\.ts$)', pathNot: ['^libs/$1/', '^libs/platform/'] },
    },
    {
      name: 'platform-parts-only-through-index',
      severity: 'error',
      from: { path: '^libs/platform/([^/]+)/' },
      to: { path: '^libs/platform/([^/]+)/(?!index\\.ts$)', pathNot: '^libs/platform/$1/' },
    },
    {
      name: 'graphql-transport-only-in-apps-and-hooks',
      comment: 'The GraphQL transport (@platform/graphql) is for the app that serves it and the hooks it runs; contexts build their schema from @platform/graphql-types.',
      severity: 'error',
      from: { path: '^libs/', pathNot: ['\\.hook\\.ts$', '^libs/platform/graphql/'] },
      to: { path: '^libs/platform/graphql/' },
    },
    {
      name: 'domain-code-off-graphql',
      comment: 'Services, rules and SQL know no GraphQL: they page, search and build SQL with @platform/paging, search-syntax and sql.',
      severity: 'error',
      from: { path: '\\.(service|rules|sql)\\.ts$' },
      to: { path: '^libs/platform/graphql(-types)?/' },
    },
    {
      name: 'factories-only-in-tests',
      comment: "A context's testing/ factories (@platform/<context>/testing) are for tests; production code never imports them.",
      severity: 'error',
      from: { pathNot: '/testing/' },
      to: { path: '^libs/[^/]+/src/testing/' },
    },
    {
      name: 'outbound-only-through-platform-http',
      comment: "The platform calls other servers only through @platform/http's OutboundHttp, whose address checks, pinned connections and caps then hold for every call; types of node:http are fine.",
      severity: 'error',
      from: { pathNot: '^libs/platform/http/' },
      to: { dependencyTypes: ['core'], dependencyTypesNot: ['type-only'], path: '^(node:)?(http|https|http2|tls)$' },
    },
    {
      name: 'outbound-http-libraries-unused',
      comment: 'HTTP client libraries would call out around @platform/http.',
      severity: 'error',
      from: {},
      to: { path: '(^|/)node_modules/(undici|axios|got|node-fetch|superagent|request)/' },
    },
    {
      name: 'apps-use-libs-through-index',
      severity: 'error',
      from: { path: '^apps/' },
      to: { path: '^libs/', pathNot: ['^libs/[^/]+/src/index\\.ts$', '^libs/platform/[^/]+/index\\.ts$'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.spec\\.ts$' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'], extensions: ['.ts', '.js'] },
  },
};
