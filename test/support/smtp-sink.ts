import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** An email the sink accepted: the envelope as the client gave it and the message as mailparser reads it. */
export interface ReceivedEmail {
  envelopeTo: string[];
  user: string | undefined;
  mail: ParsedMail;
}

export interface SmtpSink {
  /** `smtp://user:password@127.0.0.1:<port>` for SMTP_URL. */
  url: string;
  received: ReceivedEmail[];
  /** The next `n` messages are refused with a 550 after their data (a server that says no). */
  refuseNext(n: number): void;
  /**
   * The next `n` messages are never answered after their data (a server that hangs): the sender waits, the message
   * is not received. `held()` counts them.
   */
  holdNext(n: number): void;
  held(): number;
  /** How many messages were offered, refused ones included. */
  attempts(): number;
  /** The first email to `address`, as soon as the sink has it (already or later); rejects after `timeoutMs`. */
  emailTo(address: string, timeoutMs?: number): Promise<ReceivedEmail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free local port (no TLS; AUTH PLAIN/LOGIN with one user) that keeps what it receives.
 * Tests boot the app with its `url` as SMTP_URL and read the emails the platform delivered.
 */
export async function startSmtpSink(user = 'mailer', password = 's3cret-smtp-pass'): Promise<SmtpSink> {
  const received: ReceivedEmail[] = [];
  let refusals = 0;
  let holds = 0;
  let held = 0;
  let attempts = 0;
  // Called with every email accepted, until they say they are done.
  const waiting = new Set<(email: ReceivedEmail) => boolean>();
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === password) return callback(null, { user });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        attempts += 1;
        if (holds > 0) {
          holds -= 1;
          held += 1;
          return;
        }
        if (refusals > 0) {
          refusals -= 1;
          return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
        }
        simpleParser(Buffer.concat(chunks))
          .then((mail) => {
            const email = { envelopeTo: session.envelope.rcptTo.map((r) => r.address), user: session.user as string | undefined, mail };
            received.push(email);
            for (const waiter of waiting) if (waiter(email)) waiting.delete(waiter);
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${user}:${encodeURIComponent(password)}@127.0.0.1:${port}`,
    received,
    refuseNext: (n) => {
      refusals = n;
    },
    holdNext: (n) => {
      holds = n;
    },
    held: () => held,
    attempts: () => attempts,
    emailTo: (address, timeoutMs = 15_000) => {
      const found = received.find((r) => r.envelopeTo.includes(address));
      if (found) return Promise.resolve(found);
      return new Promise<ReceivedEmail>((resolve, reject) => {
        const waiter = (email: ReceivedEmail) => {
          if (!email.envelopeTo.includes(address)) return false;
          clearTimeout(timer);
          resolve(email);
          return true;
        };
        const timer = setTimeout(() => {
          waiting.delete(waiter);
          reject(new Error(`no email to ${address} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiting.add(waiter);
      });
    },
    // Connections a held message keeps open are cut, or the close would wait for them.
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const connection of (server as unknown as { connections: Set<{ close(): void }> }).connections ?? []) connection.close();
      }),
  };
}
