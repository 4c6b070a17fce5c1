import { formatReport, healthUnderAttack, medianOfRounds, withRatios } from './report.js';

describe('medianOfRounds', () => {
  const round = (requestsPerSecond: number, p99: number, errors = 0) => ({ requestsPerSecond, p50: p99 / 2, p99, requests: requestsPerSecond * 4, errors, throttled: 0 });

  it('takes the median of rates and latencies, so one slow round does not move the figure', () => {
    expect(medianOfRounds([round(500, 40), round(210, 130), round(480, 44)])).toMatchObject({ requestsPerSecond: 480, p50: 22, p99: 44 });
  });

  it('averages the middle two of an even number of rounds', () => {
    expect(medianOfRounds([round(400, 40), round(500, 60)])).toMatchObject({ requestsPerSecond: 450, p99: 50 });
  });

  it('adds up requests and errors over every round', () => {
    expect(medianOfRounds([round(100, 10, 1), round(200, 10, 2)])).toMatchObject({ requests: 1200, errors: 3 });
  });

  it('reports server CPU per request as the median of the rounds, and none when other clients shared the server', () => {
    const cpu = (serverCpuMs: number, requests: number) => ({ ...round(100, 10), requests, serverCpuMs });
    expect(medianOfRounds([cpu(1000, 500), cpu(3000, 1000), cpu(900, 600)]).cpuMsPerRequest).toBe(2);
    expect(medianOfRounds([round(100, 10)]).cpuMsPerRequest).toBeNull();
    const shared = { ...cpu(1000, 500), alongside: [{ name: 'hostile', ...round(50, 4) }] };
    expect(medianOfRounds([shared]).cpuMsPerRequest).toBeNull();
  });

  it('takes medians of the load alongside by name', () => {
    const withAlongside = (hostileP99: number, healthP99: number) => ({
      ...round(100, 10),
      alongside: [
        { name: 'hostile', ...round(50, hostileP99) },
        { name: '/healthz', ...round(10, healthP99, 1) },
      ],
    });
    const measured = medianOfRounds([withAlongside(4, 30), withAlongside(8, 10), withAlongside(6, 20)]);
    expect(measured.alongside).toEqual([
      expect.objectContaining({ name: 'hostile', p99: 6, errors: 0 }),
      expect.objectContaining({ name: '/healthz', p99: 20, errors: 3 }),
    ]);
  });
});

describe('withRatios', () => {
  const run = (scenario: string, server: 'baseline' | 'raw-limit' | 'platform', connections: number, requestsPerSecond: number, number = '1') => ({
    scenario, number, title: scenario, server, connections, rssMb: 0, requestsPerSecond, p50: 5, p99: 10, requests: 1, errors: 0, throttled: 0, cpuMsPerRequest: null,
  });

  it("compares a scenario the baseline serves with the baseline's run of it, and the others with its scenario 1", () => {
    const runs = withRatios([
      run('products', 'baseline', 10, 1000),
      run('rest-customers', 'baseline', 10, 100),
      run('rest-customers', 'platform', 10, 80),
      run('search', 'platform', 10, 500),
    ]);
    expect(runs.map((r) => [r.scenario, r.server, r.ratio])).toEqual([
      ['products', 'baseline', 1],
      ['rest-customers', 'baseline', 1],
      ['rest-customers', 'platform', 0.8],
      ['search', 'platform', 0.5],
    ]);
  });

  it("gives scenario 1's rows (its token variants too) their ratio to the raw limit at the same connection count, and no other row", () => {
    const runs = withRatios([
      run('products', 'baseline', 10, 500),
      run('products', 'raw-limit', 10, 1000),
      run('products', 'platform', 10, 450),
      run('products-public', 'platform', 10, 400),
      run('products', 'platform', 50, 450),
      run('search', 'platform', 10, 300, '3'),
    ]);
    expect(runs.map((r) => [r.scenario, r.server, r.connections, r.ratio, r.rawRatio])).toEqual([
      ['products', 'baseline', 10, 1, 0.5],
      ['products', 'raw-limit', 10, 2, 1],
      ['products', 'platform', 10, 0.9, 0.45],
      ['products-public', 'platform', 10, 0.8, 0.4],
      ['products', 'platform', 50, null, null],
      ['search', 'platform', 10, 0.6, null],
    ]);
    expect(formatReport(runs, [], [], []).split('\n')[0]).toMatch(/x base {2}x raw/);
  });
});

describe('healthUnderAttack', () => {
  it("puts /healthz's latency under attack beside scenario 1's p99 without it, at each connection count", () => {
    const measured = (scenario: string, connections: number, p99: number, alongside?: { name: string; p50: number; p99: number; requests: number }[]) => ({
      scenario, number: scenario === 'products' ? '1' : 'hostile', title: scenario, server: 'platform' as const, connections, rssMb: 0, requestsPerSecond: 100,
      p50: 5, p99, requests: 100, errors: 0, throttled: 0, cpuMsPerRequest: null, ratio: null, p99Ratio: null, rawRatio: null,
      ...(alongside ? { alongside: alongside.map((a) => ({ ...a, requestsPerSecond: 10, errors: 0, throttled: 0 })) } : {}),
    });
    const runs = [
      measured('products', 50, 300),
      measured('under-attack', 50, 320, [{ name: 'hostile', p50: 30, p99: 200, requests: 400 }, { name: '/healthz', p50: 15, p99: 90, requests: 110 }]),
      measured('under-attack', 10, 60, [{ name: '/healthz', p50: 3, p99: 20, requests: 110 }]),
    ];
    expect(healthUnderAttack(runs)).toEqual([
      { connections: 50, healthP50: 15, healthP99: 90, probes: 110, listingP99Calm: 300, listingP99Attacked: 320 },
      { connections: 10, healthP50: 3, healthP99: 20, probes: 110, listingP99Calm: null, listingP99Attacked: 60 },
    ]);
  });
});
