import { type CpuProfile, flameGraphSvg, lastSeconds, timeByPart } from './flame-graph.js';

// root → fastify handler → pg submit → (native) writev; root → GC; root → idle.
const frame = (functionName: string, url = '') => ({ functionName, url, lineNumber: 0 });
const PROFILE: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame('(root)'), children: [2, 5, 6] },
    { id: 2, callFrame: frame('routeHandler', 'file:///app/node_modules/fastify/lib/route.js'), children: [3] },
    { id: 3, callFrame: frame('submit', 'file:///app/node_modules/pg/lib/query.js'), children: [4] },
    { id: 4, callFrame: frame('writev') },
    { id: 5, callFrame: frame('(garbage collector)') },
    { id: 6, callFrame: frame('(idle)') },
  ],
  samples: [4, 4, 4, 2, 5, 6, 6],
  timeDeltas: [1000, 1000, 1000, 1000, 1000, 5000, 5000],
};

describe('the flame graph of a CPU profile', () => {
  it('counts a native frame with its caller, and idle time apart', () => {
    const { busyMs, idleMs, parts } = timeByPart(PROFILE);
    expect([busyMs, idleMs]).toEqual([5, 10]);
    expect(parts.get('Postgres client (pg, socket writes to Postgres)')).toBe(3);
    expect(parts.get('HTTP and request pipeline (Fastify, Nest, request context, auth, shop)')).toBe(1);
    expect(parts.get('garbage collection')).toBe(1);
  });

  it('draws each frame as wide as its share of the busy time, the root at the bottom', () => {
    const svg = flameGraphSvg(PROFILE, 'test', 1000);
    const rect = (name: string) => new RegExp(`<title>${name}[^<]*</title><rect x="([\\d.]+)" y="(\\d+)" width="([\\d.]+)"`).exec(svg)!;
    expect(Number(rect('\\(root\\)')[3])).toBe(1000);
    expect(Number(rect('submit')[3])).toBe(600);
    expect(Number(rect('routeHandler')[3])).toBe(800);
    expect(Number(rect('\\(root\\)')[2])).toBeGreaterThan(Number(rect('writev')[2]));
    expect(svg).not.toContain('(idle)');
  });
});

describe('lastSeconds', () => {
  it('keeps the samples of the last seconds only', () => {
    const later = lastSeconds(PROFILE, 0.012);
    expect(later.samples).toEqual([2, 5, 6, 6]);
    expect(timeByPart(later).busyMs).toBe(2);
  });
});
