import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { imageBytes } from '@platform/media/testing';
import { describeDocExamples } from '../../support/doc-runner.js';

// docs/admin.md, every example as a reader runs it (test/support/doc-runner.ts).
describeDocExamples('docs/admin.md', {
  // The image download example names example.com: its URL is pointed at a server of the test's (which the outbound
  // client may reach), so the job downloading it has an answer offline.
  env: { OUTBOUND_ALLOWED_PRIVATE_HOSTS: 'localhost' },
  prepare: async () => {
    const png = await imageBytes({ width: 30, height: 20 });
    const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(png));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {
      // The staged upload sends a file of the reader's own.
      files: { 'swatch.png': png },
      replace: { 'https://example.com/': `http://localhost:${(server.address() as AddressInfo).port}/` },
      close: () => new Promise((resolve) => server.close(() => resolve())),
    };
  },
});
