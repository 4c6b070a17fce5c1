import { Test, type TestingModule } from '@nestjs/testing';
import { EntityManager } from '@mikro-orm/postgresql';
import { ConfigModule, loadConfig } from '@platform/config';
import { DatabaseModule } from '@platform/database';
import { LoggingModule, createLogger } from '@platform/logging';
import { MailModule, Mailer } from '@platform/mail';
import { type RequestContext, SystemContextModule, SystemContexts } from '@platform/request';
import { ShopService, type ShopSnapshot, TenancyModule } from '@platform/tenancy';
import { MIGRATIONS } from '../../../migrations/index.js';
import { type SmtpSink, startSmtpSink } from '../../support/smtp-sink.js';
import { cloneTestDatabase } from '../../support/test-database.js';

async function mailModule(databaseUrl: string, smtpUrl?: string): Promise<TestingModule> {
  const moduleRef = await Test.createTestingModule({
    imports: [
      ConfigModule.forRoot(loadConfig({ SMTP_URL: smtpUrl })),
      LoggingModule.forRoot(createLogger('silent')),
      DatabaseModule.forRoot({ url: databaseUrl, migrations: MIGRATIONS, poolSize: 2 }),
      TenancyModule,
      SystemContextModule,
      MailModule,
    ],
  }).compile();
  return moduleRef.init();
}

const message = (n: number, key?: string) => ({
  to: `buyer-${n}@example.com`,
  from: 'no-reply@acme.example',
  bcc: ['audit@acme.example'],
  subject: `Hello ${n}`,
  text: `Open https://acme.example/account/activate/1/tok${n}\n`,
  html: `<p><a href="https://acme.example/account/activate/1/tok${n}">Open</a></p>`,
  template: 'test_template',
  key,
});

describe('Mailer', () => {
  let database: Awaited<ReturnType<typeof cloneTestDatabase>>;
  let outbox: TestingModule;
  let smtp: TestingModule;
  let sink: SmtpSink;
  let acme: ShopSnapshot;
  let globex: ShopSnapshot;
  const ctxOf = (moduleRef: TestingModule, shop: ShopSnapshot): RequestContext => moduleRef.get(SystemContexts).forShop(shop);
  const rows = async () =>
    outbox.get(EntityManager).getConnection().execute<{ id: string; shop_id: string; status: string; key: string | null; error: string | null; sent_at: Date | null }[]>(
      'select id, shop_id, status, key, error, sent_at from emails order by id',
    );

  beforeAll(async () => {
    database = await cloneTestDatabase();
    sink = await startSmtpSink();
    outbox = await mailModule(database.url);
    smtp = await mailModule(database.url, sink.url);
    acme = await outbox.get(ShopService).create({ handle: 'acme' });
    globex = await outbox.get(ShopService).create({ handle: 'globex' });
  });
  afterAll(async () => {
    await smtp?.close();
    await outbox?.close();
    await sink?.close();
    await database?.drop();
  });

  it('keeps every email in the outbox without SMTP_URL, once per key', async () => {
    const mailer = outbox.get(Mailer);
    const kept = await mailer.send(ctxOf(outbox, acme), message(1, 'k-1'));
    expect(kept).toMatchObject({ status: 'kept', recipient: 'buyer-1@example.com', bcc: ['audit@acme.example'], sentAt: null, shopId: acme.id });
    const again = await mailer.send(ctxOf(outbox, acme), message(1, 'k-1'));
    expect(again.id).toBe(kept.id);
    // The same key in another shop is another email.
    expect((await mailer.send(ctxOf(outbox, globex), message(1, 'k-1'))).id).not.toBe(kept.id);
    // Without a key every send is a new email.
    await mailer.send(ctxOf(outbox, acme), message(2));
    await mailer.send(ctxOf(outbox, acme), message(2));
    expect((await rows()).map((r) => r.status)).toEqual(['kept', 'kept', 'kept', 'kept']);
    expect(sink.received).toHaveLength(0);
  });

  it('lists the outbox newest first, of one shop or of all, with bodies and their links', async () => {
    const mailer = outbox.get(Mailer);
    const all = await mailer.list(undefined, 10);
    expect(all.map((e) => e.shop)).toEqual(['acme', 'acme', 'globex', 'acme']);
    expect(all.at(-1)).toMatchObject({ recipient: 'buyer-1@example.com', subject: 'Hello 1', text: expect.stringContaining('https://acme.example/account/activate/1/tok1'), status: 'kept', template: 'test_template' });
    expect((await mailer.list(globex.id, 10)).map((e) => e.shop)).toEqual(['globex']);
    expect(await mailer.list(acme.id, 1)).toHaveLength(1);
  });

  it('delivers over SMTP with the credentials of SMTP_URL and records it sent', async () => {
    const sent = await smtp.get(Mailer).send(ctxOf(smtp, acme), message(3, 'k-3'));
    expect(sent.status).toBe('sent');
    expect(sent.sentAt).toBeInstanceOf(Date);
    expect(sink.received).toHaveLength(1);
    const [{ mail, envelopeTo, user }] = sink.received;
    expect(user).toBe('mailer');
    expect(envelopeTo.sort()).toEqual(['audit@acme.example', 'buyer-3@example.com']);
    expect(mail.subject).toBe('Hello 3');
    expect(mail.text).toContain('https://acme.example/account/activate/1/tok3');
    expect(mail.html).toContain('<a href="https://acme.example/account/activate/1/tok3">');
    // Bcc is in the envelope only.
    expect(mail.headers.has('bcc')).toBe(false);
    // Sending the same key again (a retried job) delivers nothing more.
    expect((await smtp.get(Mailer).send(ctxOf(smtp, acme), message(3, 'k-3'))).id).toBe(sent.id);
    expect(sink.received).toHaveLength(1);
    const row = (await rows()).find((r) => Number(r.id) === sent.id)!;
    expect(row).toMatchObject({ status: 'sent', error: null, key: 'k-3' });
  });

  it('records a refused email as failed and throws; the retry sends it once, on the same row', async () => {
    sink.refuseNext(1);
    const mailer = smtp.get(Mailer);
    const error = await mailer.send(ctxOf(smtp, acme), message(4, 'k-4')).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/550/);
    let row = (await rows()).find((r) => r.key === 'k-4')!;
    expect(row).toMatchObject({ status: 'failed', error: expect.stringMatching(/Mailbox unavailable/), sent_at: null });
    const retried = await mailer.send(ctxOf(smtp, acme), message(4, 'k-4'));
    expect(retried).toMatchObject({ id: Number(row.id), status: 'sent', error: null });
    row = (await rows()).find((r) => r.key === 'k-4')!;
    expect(row.status).toBe('sent');
    expect((await rows()).filter((r) => r.key === 'k-4')).toHaveLength(1);
    expect(sink.received.filter((r) => r.mail.subject === 'Hello 4')).toHaveLength(1);
  });

  it('never puts the SMTP password in an error it records or throws', async () => {
    const wrong = await mailModule(database.url, sink.url.replace('s3cret-smtp-pass', 'wrong-pass-123'));
    try {
      const error = await wrong.get(Mailer).send(ctxOf(wrong, acme), message(5, 'k-5')).catch((e: Error) => e);
      expect((error as Error).message).not.toContain('wrong-pass-123');
      const row = (await rows()).find((r) => r.key === 'k-5')!;
      expect(row.status).toBe('failed');
      expect(row.error).toMatch(/auth|Invalid/i);
      expect(row.error).not.toContain('wrong-pass-123');
    } finally {
      await wrong.close();
    }
  });
});
