import { NO_ACCOUNT_HASH, hashPassword, verifyPassword } from './customer-password.js';

// Regression (issue 30, item 9): a login for an unknown email must cost what a wrong password costs.
describe('verifyPassword without an account', () => {
  const parameters = (hash: string) => {
    const [kind, n, r, p, salt, key] = hash.split('$');
    return { kind, n, r, p, saltBytes: Buffer.from(salt!, 'base64url').length, keyBytes: Buffer.from(key!, 'base64url').length };
  };
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  async function timeOf(check: () => Promise<unknown>): Promise<number> {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      await check();
      times.push(performance.now() - started);
    }
    return median(times);
  }

  it('checks against a dummy hash made with the parameters of every real one, and answers false', async () => {
    const real = await hashPassword('correct-horse-1');
    expect(parameters(NO_ACCOUNT_HASH)).toEqual(parameters(real));
    expect(await verifyPassword('correct-horse-1', null)).toBe(false);
    expect(await verifyPassword('', null)).toBe(false);
  });

  it('takes as long as checking a wrong password against a real hash (the key derivation runs)', async () => {
    const real = await hashPassword('correct-horse-1');
    const wrongPassword = await timeOf(() => verifyPassword('wrong-horse-1', real));
    const noAccount = await timeOf(() => verifyPassword('wrong-horse-1', null));
    // Floors, not a ratio of two timings (load only makes either slower, so they cannot fail spuriously): skipping
    // the derivation would take well under a millisecond; one derivation takes tens of them.
    expect(wrongPassword).toBeGreaterThan(5);
    expect(noAccount).toBeGreaterThan(5);
  });
});
