import 'reflect-metadata';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Test } from '@nestjs/testing';
import { ConfigModule, loadConfig } from '@platform/config';
import { OutboundHttp, OutboundHttpModule, OutboundRefusedError } from '@platform/http';

// The provider as the apps get it: the environment's allow-list (under either name) and the system's resolver.
describe('OutboundHttpModule', () => {
  const server = http.createServer((request, response) => response.end(`hello ${request.headers.host}`));
  let port: number;

  beforeAll(async () => {
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  async function clientFor(env: NodeJS.ProcessEnv): Promise<OutboundHttp> {
    const module = await Test.createTestingModule({ imports: [ConfigModule.forRoot(loadConfig(env)), OutboundHttpModule] }).compile();
    return module.get(OutboundHttp);
  }
  const reason = (call: Promise<unknown>) => call.then(() => null, (e: unknown) => (e as OutboundRefusedError).reason);

  it.each(['OUTBOUND_ALLOWED_PRIVATE_HOSTS', 'MEDIA_ALLOWED_PRIVATE_HOSTS'])('lets the names of %s reach loopback, and nothing else', async (name) => {
    const client = await clientFor({ [name]: 'LocalHost' });
    // localhost resolves to 127.0.0.1, ::1 or both; every address is offered, so the server on 127.0.0.1 answers.
    expect((await client.request(`http://localhost:${port}/`)).body.toString()).toBe(`hello localhost:${port}`);
    expect(await reason(client.request(`http://127.0.0.1:${port}/`))).toBe('PRIVATE_ADDRESS');
  });

  it('refuses loopback by default', async () => {
    const client = await clientFor({});
    expect(await reason(client.request(`http://localhost:${port}/`))).toBe('PRIVATE_ADDRESS');
  });
});
