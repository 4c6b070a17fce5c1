import { once } from 'node:events';
import { type AddressInfo, type Socket, createServer, connect } from 'node:net';
import { withDeadline } from './deadline.js';

describe('withDeadline', () => {
  it('rejects work that does not settle in time', async () => {
    await expect(withDeadline(20, new Promise(() => {}))).rejects.toThrow('no answer within 20 ms');
  });

  it('passes on the answer and the failure of work that settles in time', async () => {
    await expect(withDeadline(1000, Promise.resolve('PONG'))).resolves.toBe('PONG');
    await expect(withDeadline(1000, Promise.reject(new Error('refused')))).rejects.toThrow('refused');
  });

  // The case a plain timer gets wrong: the process is blocked past the deadline while the answer is on the socket.
  it('takes an answer that arrived while the process was too busy to read it', async () => {
    let answer: Promise<string> | undefined;
    let echo: Promise<string> | undefined;
    const server = createServer((socket) =>
      socket
        .on('data', (data) => {
          socket.write(data); // the answer is on its way before the deadline starts...
          answer = withDeadline(20, echo!);
          blockFor(150); // ...and waits, unread, while the process is busy long past it
        })
        .on('error', () => {}),
    );
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const client = connect((server.address() as AddressInfo).port, '127.0.0.1');
    await once(client, 'connect');
    try {
      echo = firstData(client);
      client.write('ping');
      await echo;
      await expect(answer).resolves.toBe('ping');
    } finally {
      client.destroy();
      server.close();
    }
  });
});

function firstData(socket: Socket): Promise<string> {
  return new Promise((resolve) => socket.once('data', (data) => resolve(data.toString())));
}

function blockFor(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until);
}
