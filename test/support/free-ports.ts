import { type Server, createServer } from 'node:net';

/**
 * Ports free on the loopback now, told by the kernel. A test that starts a server of its own (an embedded Postgres)
 * takes these instead of fixed numbers: a fixed port in the ephemeral range (32768-60999 on Linux) is at times the
 * local end of one of the run's own outbound connections to Postgres or Redis, and then cannot be listened on.
 */
export async function freePorts(count: number): Promise<number[]> {
  const held: Server[] = [];
  try {
    // All held at once, so that the ports differ.
    while (held.length < count) held.push(await listenOn(0, '127.0.0.1'));
    const ports = held.map((server) => (server.address() as { port: number }).port);
    // The embedded Postgres also listens on ::1: a port taken there is no use either.
    if (!(await allFreeOnIpv6(ports))) return await freePorts(count);
    return ports;
  } finally {
    await Promise.all(held.map((server) => new Promise((done) => server.close(done))));
  }
}

/** A server listening on `host`:`port` (0: a port the kernel picks); fails with the listen error (EADDRINUSE). */
export function listenOn(port: number, host = '127.0.0.1'): Promise<Server> {
  return new Promise((done, fail) => {
    const server = createServer().once('error', fail);
    server.listen({ port, host, exclusive: true }, () => done(server));
  });
}

async function allFreeOnIpv6(ports: number[]): Promise<boolean> {
  for (const port of ports) {
    const server = await listenOn(port, '::1').catch((error: NodeJS.ErrnoException) => (error.code === 'EADDRINUSE' ? null : undefined));
    if (server === null) return false;
    // undefined: no IPv6 loopback here, which Postgres then does without too.
    if (server) await new Promise((done) => server.close(done));
  }
  return true;
}
