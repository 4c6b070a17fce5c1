// Jest runs the TypeScript sources as ESM (see docs/decisions.md); one database per test file.
const platformParts = 'config|database|errors|logging|tenancy|auth|versioning|request|throttling|graphql|rest|queue|events|health|redis|money|mail|contact|sql|paging|ids|search-syntax|locale|graphql-types|html|tags|clock|storage|http|metrics|tracing';

export default {
  testEnvironment: 'node',
  rootDir: '.',
  roots: ['<rootDir>/libs', '<rootDir>/apps', '<rootDir>/test', '<rootDir>/bench'],
  testMatch: ['**/*.spec.ts'],
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: {
    [`^@platform/(${platformParts})$`]: '<rootDir>/libs/platform/$1/index.ts',
    '^@platform/([a-z-]+)$': '<rootDir>/libs/$1/src/index.ts',
    // A context's test data factories (`@platform/customers/testing`).
    '^@platform/([a-z-]+)/testing$': '<rootDir>/libs/$1/src/testing/index.ts',
    '^graphql$': '<rootDir>/node_modules/graphql/index.js',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: '<rootDir>/tsconfig.json' }],
  },
  globalSetup: '<rootDir>/test/support/global-setup.js',
  globalTeardown: '<rootDir>/test/support/global-teardown.js',
  testTimeout: 30000,
  // Two files at a time (each on its own database and Redis prefix): on two cores the suites wait on Postgres
  // and Redis as much as they compute, and jest's default here (cores - 1) would run them one by one.
  maxWorkers: 2,
  // Each file boots a whole app in its ESM module registry, and a worker does not get all of it back: one that ran
  // many files ran out of heap. A worker above this after a file is replaced by a fresh one.
  workerIdleMemoryLimit: '1200MB',
};
