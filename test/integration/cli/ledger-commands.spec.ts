import pg from 'pg';
import { cliRunner } from '../../support/cli.js';
import { cloneTestDatabase } from '../../support/test-database.js';

// The operator's ledger commands: ledger:adjust books adjustments and reserves, payouts:run sweeps the balance into
// payouts (for one shop or all), payouts:set-status fails or cancels one, each as one JSON line with --json.
describe('platform CLI: ledger:adjust, payouts:run, payouts:set-status', () => {
  let database: { url: string; drop(): Promise<void> };
  let env: NodeJS.ProcessEnv;
  let db: pg.Client;

  beforeAll(async () => {
    database = await cloneTestDatabase();
    env = { DATABASE_URL: database.url, LOG_LEVEL: 'silent' };
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
    expect((await cli('shop:create', '--handle', 'acme', '--json')).code).toBe(0);
    expect((await cli('shop:create', '--handle', 'quiet', '--currency', 'EUR', '--json')).code).toBe(0);
  }, 60_000);
  afterAll(async () => {
    await db?.end();
    await database?.drop();
  });

  const cli = cliRunner(() => env);

  it('books an adjustment and a reserve', async () => {
    const adjusted = await cli('ledger:adjust', '--shop', 'acme', '--amount', '25.5', '--currency', 'USD', '--reason', 'Goodwill credit', '--json');
    expect(adjusted.code).toBe(0);
    expect(adjusted.json).toEqual({ ok: true, transaction: { id: expect.any(Number), type: 'adjustment', amount: '25.50', currency: 'USD', reason: 'Goodwill credit' } });
    const reserved = await cli('ledger:adjust', '--shop', 'acme', '--type', 'reserve', '--amount=-5', '--currency', 'USD', '--reason', 'Rolling reserve');
    expect(reserved.code).toBe(0);
    expect(reserved.out.join('\n')).toMatch(/Booked reserve \d+ on acme: -5.00 USD \(Rolling reserve\)/);
    const { rows } = await db.query("select type, amount::text, fee::text, net::text, adjustment_reason, payout_status from balance_transactions order by id");
    expect(rows).toEqual([
      { type: 'adjustment', amount: '25.50', fee: '0.00', net: '25.50', adjustment_reason: 'Goodwill credit', payout_status: 'pending' },
      { type: 'reserve', amount: '-5.00', fee: '0.00', net: '-5.00', adjustment_reason: 'Rolling reserve', payout_status: 'pending' },
    ]);
  });

  it.each([
    [['--amount', '1.001', '--currency', 'USD', '--reason', 'x'], /Amount/],
    [['--amount', '0', '--currency', 'USD', '--reason', 'x'], /Amount/],
    [['--amount', '1', '--currency', 'usd', '--reason', 'x'], /Currency/],
    [['--amount', '1', '--currency', 'USD', '--reason', 'x', '--type', 'charge'], /Type/],
    [['--amount', '1', '--currency', 'USD'], /--reason/],
  ])('refuses %j and books nothing', async (flags, message) => {
    const before = (await db.query('select count(*)::int as n from balance_transactions')).rows[0].n;
    const res = await cli('ledger:adjust', '--shop', 'acme', ...flags, '--json');
    expect(res.code).not.toBe(0);
    expect(JSON.stringify(res.json ?? res.err)).toMatch(message);
    expect((await db.query('select count(*)::int as n from balance_transactions')).rows[0].n).toBe(before);
  });

  it('sweeps every shop, then fails a payout, returning the money to the balance', async () => {
    const run = await cli('payouts:run', '--json');
    expect(run.code).toBe(0);
    expect(run.json.runs).toEqual([
      { shop: 'acme', created: [expect.objectContaining({ amount: '20.50', currency: 'USD', status: 'scheduled' })], paid: [] },
      { shop: 'quiet', created: [], paid: [] },
    ]);
    const payoutId = run.json.runs[0].created[0].id;
    expect((await cli('payouts:run', '--shop', 'acme', '--json')).json.runs).toEqual([{ shop: 'acme', created: [], paid: [] }]);
    const failed = await cli('payouts:set-status', '--shop', 'acme', '--payout', String(payoutId), '--status', 'failed', '--json');
    expect(failed.json.payout).toMatchObject({ id: payoutId, status: 'failed' });
    const [returned] = (await db.query("select amount::text, payout_status from balance_transactions where type = 'payout_failure'")).rows;
    expect(returned).toEqual({ amount: '20.50', payout_status: 'pending' });
    // Another shop's payout is not found; a status an operator cannot set is refused.
    expect((await cli('payouts:set-status', '--shop', 'quiet', '--payout', String(payoutId), '--status', 'failed', '--json')).code).not.toBe(0);
    expect((await cli('payouts:set-status', '--shop', 'acme', '--payout', String(payoutId), '--status', 'scheduled', '--json')).code).not.toBe(0);
  });
});
