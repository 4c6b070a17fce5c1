import { describeDocExamples } from '../../support/doc-runner.js';

// README.md, every example as a reader runs it (test/support/doc-runner.ts).
describeDocExamples('README.md');
