import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { DemoShopService, demoTokens } from '@platform/seed';
import { type TestApp, createTestApp } from '../../support/test-app.js';

// The README's first commands, as a reader runs them after `npm start`: each curl line of its first examples, with
// curl itself, against a listening app serving the demo shop at localhost (on the test's port instead of 3000).

describe("the README's first examples", () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp({ DEFAULT_SHOP: 'demo' });
    await t.app.get(DemoShopService).ensureDemoShop();
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
  }, 120_000);
  afterAll(() => t?.close());

  /** The README's `curl` lines of the block after "Then:", ready to run here. */
  function readmeCurls(): string[][] {
    const readme = readFileSync('README.md', 'utf8');
    const block = /Then:\s*```sh\n([\s\S]*?)```/.exec(readme)![1]!;
    return block
      .split('\n')
      .filter((line) => line.startsWith('curl '))
      .map((line) =>
        // The shell's quoting, for these simple lines: single-quoted words stay whole.
        [...line.matchAll(/'([^']*)'|(\S+)/g)].map((m) => (m[1] ?? m[2])!)
          .map((word) => word.replace('localhost:3000', `127.0.0.1:${port}`).replace('<adminAccessToken from the log>', demoTokens().adminAccessToken)),
      );
  }

  // Not execFileSync: the server answering curl runs in this process.
  const run = async (argv: string[]) => JSON.parse((await promisify(execFile)(argv[0]!, argv.slice(1))).stdout);

  it('answers the storefront and the admin REST curl with the demo shop', async () => {
    const [storefront, admin] = readmeCurls();
    expect(storefront?.[0]).toBe('curl');
    const shop = await run(storefront!);
    expect(shop).toEqual({ data: { shop: { name: expect.any(String) } } });
    const rest = await run(admin!);
    expect(rest.shop).toMatchObject({ name: shop.data.shop.name });
  });
});
