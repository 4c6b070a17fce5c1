import pg from 'pg';
import { JOB_QUEUE, type JobQueue } from '@platform/queue';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';
import { VERSION, send } from '../../support/http.js';
import { type SmtpSink, startSmtpSink } from '../../support/smtp-sink.js';

// Customer emails over SMTP through the job queue: delivered once, retried when the server refuses, never twice.
describe('customer emails over SMTP', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let acme: TestShop;
  let db: pg.Client;

  beforeAll(async () => {
    sink = await startSmtpSink();
    // Three tries a second apart instead of the mail queue's eight over hours.
    t = await createTestApp({ SMTP_URL: sink.url }, undefined, { queues: { mail: { attempts: 3, backoffMs: 1_000, maxBackoffMs: 2_000 } } });
    acme = await t.createShop('acme');
    db = new pg.Client({ connectionString: t.databaseUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await t?.close();
    await sink?.close();
  });

  async function createCustomer(customer: Record<string, unknown>): Promise<void> {
    const res = await send(t.app, { method: 'POST', url: `/admin/api/${VERSION}/customers.json`, host: acme.host, headers: { 'x-platform-access-token': acme.tokens.adminAccessToken }, body: { customer } });
    expect(res.status).toBe(201);
    await t.app.get<JobQueue>(JOB_QUEUE).drain();
  }

  const rowsTo = async (recipient: string) =>
    (await db.query('select status, error, sent_at, template from emails where recipient = $1 order by id', [recipient])).rows;
  const deliveredTo = (recipient: string) => sink.received.filter((r) => r.envelopeTo.includes(recipient));

  // Retries wait out the queue's backoff (1 s, then 2 s): poll for the outcome rather than trust one drain.
  async function settled(recipient: string, attempts: () => number, expected: number): Promise<void> {
    for (let waited = 0; waited < 15_000; waited += 100) {
      const rows = await rowsTo(recipient);
      if (attempts() >= expected && rows.length > 0 && rows.every((r) => r.status !== 'kept')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await t.app.get<JobQueue>(JOB_QUEUE).drain();
  }

  it('delivers the welcome of a customer created with a password and records it sent', async () => {
    await createCustomer({ email: 'grace@example.com', first_name: 'Grace', password: 'correct-horse-1', password_confirmation: 'correct-horse-1' });
    expect(await rowsTo('grace@example.com')).toEqual([{ status: 'sent', error: null, sent_at: expect.any(Date), template: 'customer_account_welcome' }]);
    const [{ mail }] = deliveredTo('grace@example.com');
    expect(mail!.subject).toBe('Welcome to Acme');
    expect(mail!.from?.text).toBe('no-reply@acme.myplatform.localhost');
    expect(mail!.html).toContain('<a href="http://acme.myplatform.localhost"');
  });

  it('sends no welcome when asked not to', async () => {
    await createCustomer({ email: 'quiet@example.com', password: 'correct-horse-1', password_confirmation: 'correct-horse-1', send_email_welcome: false });
    expect(await rowsTo('quiet@example.com')).toEqual([]);
  });

  it('retries an invite the server refused: one row, sent, delivered once', async () => {
    const before = sink.attempts();
    sink.refuseNext(1);
    await createCustomer({ email: 'ada@example.com', first_name: 'Ada', send_email_invite: true });
    await settled('ada@example.com', () => sink.attempts() - before, 2);
    expect(sink.attempts() - before).toBe(2);
    expect(await rowsTo('ada@example.com')).toEqual([{ status: 'sent', error: null, sent_at: expect.any(Date), template: 'customer_account_invite' }]);
    expect(deliveredTo('ada@example.com')).toHaveLength(1);
  }, 20_000);

  it('records an invite refused on every attempt as failed, once', async () => {
    const before = sink.attempts();
    sink.refuseNext(3);
    await createCustomer({ email: 'lin@example.com', send_email_invite: true });
    await settled('lin@example.com', () => sink.attempts() - before, 3);
    // Given up after three attempts: the job is in the dead letter with its three tries and nothing of the mail queue
    // is left to run, so nothing more comes.
    const jobs = await t.app.get<JobQueue>(JOB_QUEUE).list({ queue: 'mail' });
    expect(jobs.filter((job) => job.state === 'failed')).toEqual([expect.objectContaining({ attemptsMade: 3, maxAttempts: 3, lastError: expect.stringMatching(/550 Mailbox unavailable/) })]);
    expect(jobs.filter((job) => job.state !== 'failed' && job.state !== 'completed')).toEqual([]);
    expect(sink.attempts() - before).toBe(3);
    expect(await rowsTo('lin@example.com')).toEqual([{ status: 'failed', error: expect.stringMatching(/550 Mailbox unavailable/), sent_at: null, template: 'customer_account_invite' }]);
    expect(deliveredTo('lin@example.com')).toHaveLength(0);
  }, 20_000);
});
