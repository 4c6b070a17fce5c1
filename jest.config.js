// One database per test file. The files run in plain Node processes that keep their modules from one file to the
// next (jest-light-runner), with the TypeScript sources loaded through test/support/test-process.mjs, which
// `npm test` passes to node (see docs/decisions.md): Jest's own runner evaluated the whole app again for every file,
// and that was most of the run's time.
export default {
  rootDir: '.',
  roots: ['<rootDir>/libs', '<rootDir>/apps', '<rootDir>/test', '<rootDir>/bench'],
  testMatch: ['**/*.spec.ts'],
  // Child processes rather than worker threads: tests set the umask and start processes that need their own.
  runner: ['jest-light-runner', { runtime: 'child_process' }],
  // Timeouts and fake-timer options, which this runner leaves out.
  setupFilesAfterEnv: ['<rootDir>/test/support/jest-setup.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.js',
  globalTeardown: '<rootDir>/test/support/global-teardown.js',
  testTimeout: 30000,
  // Two files at a time (each on its own database and Redis prefix): on two cores the suites wait on Postgres
  // and Redis as much as they compute, and jest's default here (cores - 1) would run them one by one.
  maxWorkers: 2,
};
