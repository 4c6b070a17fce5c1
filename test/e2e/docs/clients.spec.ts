import { describeDocExamples } from '../../support/doc-runner.js';

// docs/clients.md, every example as a reader runs it (test/support/doc-runner.ts): its `// name.mjs` snippets saved
// in the run's directory, each run with node as the doc's commands say, through the hosted platform's npm clients.
describeDocExamples('docs/clients.md');
