import { medianOfRounds } from './report.js';

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
});
