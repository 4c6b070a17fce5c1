import { describeDocExamples } from '../../support/doc-runner.js';

// docs/storefront.md, every example as a reader runs it (test/support/doc-runner.ts). Its GraphQL blocks are what a
// reader pastes into GraphiQL on the storefront API of the doc's version, with the public token in the token field.
describeDocExamples('docs/storefront.md', {
  graphql: { path: '/api/2026-10/graphql.json', headers: (tokens) => ({ 'X-Platform-Storefront-Access-Token': tokens.storefrontAccessToken }) },
});
