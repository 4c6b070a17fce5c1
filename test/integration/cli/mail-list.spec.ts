import { JOB_QUEUE, type JobQueue } from '@platform/queue';
import { cliRunner } from '../../support/cli.js';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';
import { VERSION, send } from '../../support/http.js';

// The embedded default: without SMTP_URL the customer emails stay in the outbox, and `mail:list` shows them with
// their links, so nothing a customer should have received is lost.
describe('platform CLI: mail:list', () => {
  let t: TestApp;
  let acme: TestShop;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    t = await createTestApp();
    acme = await t.createShop('acme');
    await t.createShop('quiet');
    env = { DATABASE_URL: t.databaseUrl, LOG_LEVEL: 'silent' };
  });
  afterAll(() => t?.close());

  const cli = cliRunner(() => env);

  async function createCustomer(customer: Record<string, unknown>): Promise<number> {
    const res = await send(t.app, { method: 'POST', url: `/admin/api/${VERSION}/customers.json`, host: acme.host, headers: { 'x-platform-access-token': acme.tokens.adminAccessToken }, body: { customer } });
    expect(res.status).toBe(201);
    await t.app.get<JobQueue>(JOB_QUEUE).drain();
    return res.body.customer.id;
  }

  it('shows the invite kept in the outbox, with its activation link, as one JSON line', async () => {
    const id = await createCustomer({ email: 'ada@example.com', first_name: 'Ada', send_email_invite: true });
    const res = await cli('mail:list', '--json');
    expect(res.code).toBe(0);
    expect(res.out).toHaveLength(1);
    expect(res.json).toEqual({ ok: true, emails: [expect.objectContaining({ shop: 'acme', recipient: 'ada@example.com', subject: 'Customer account activation', status: 'kept', template: 'customer_account_invite', sentAt: null })] });
    const email = res.json.emails[0];
    expect(email.text).toMatch(new RegExp(`http://acme\\.myplatform\\.localhost/account/activate/${id}/[\\w-]+`));
    expect(email.html).toContain('<a href="http://acme.myplatform.localhost/account/activate/');
    expect(email.createdAt).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
  });

  it('keeps the welcome of a customer created with a password, newest first, and filters by shop', async () => {
    await createCustomer({ email: 'grace@example.com', first_name: 'Grace', password: 'correct-horse-1', password_confirmation: 'correct-horse-1' });
    const res = await cli('mail:list', '--shop', 'acme', '--json');
    expect(res.json.emails.map((e: { template: string }) => e.template)).toEqual(['customer_account_welcome', 'customer_account_invite']);
    expect(res.json.emails[0]).toMatchObject({ recipient: 'grace@example.com', subject: 'Welcome to Acme', text: expect.stringContaining('http://acme.myplatform.localhost') });
    expect((await cli('mail:list', '--shop', 'quiet', '--json')).json).toEqual({ ok: true, emails: [] });
    expect((await cli('mail:list', '--limit', '1', '--json')).json.emails).toHaveLength(1);
  });

  it('prints the emails for a person, bodies and links included', async () => {
    const res = await cli('mail:list');
    expect(res.code).toBe(0);
    const text = res.out.join('\n');
    expect(text).toContain('To: ada@example.com');
    expect(text).toContain('Subject: Customer account activation');
    expect(text).toMatch(/ {4}http:\/\/acme\.myplatform\.localhost\/account\/activate\/\d+\/[\w-]+/);
    // No trailing spaces: a blank line of a body stays blank.
    expect(text.split('\n').filter((line) => line !== line.trimEnd())).toEqual([]);
    expect((await cli('mail:list', '--shop', 'quiet')).out).toEqual(['The outbox is empty']);
  });

  it('refuses an unknown shop and a bad limit as one JSON line', async () => {
    const unknown = await cli('mail:list', '--shop', 'nope', '--json');
    expect(unknown.code).toBe(1);
    expect(unknown.json).toMatchObject({ ok: false });
    for (const limit of ['0', 'many', '5000']) {
      const bad = await cli('mail:list', '--limit', limit, '--json');
      expect(bad.json).toMatchObject({ ok: false, error: { field: 'limit' } });
    }
  });
});
