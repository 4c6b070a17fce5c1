import { RAW_LIMIT_STATEMENTS, sameStatements } from './raw-limit.sql.js';

// The raw limit runs the platform's statements for scenario 1; the bench stops when they drift apart.
describe('sameStatements', () => {
  it('accepts the same statements in any order and spacing', () => {
    const platform = [...RAW_LIMIT_STATEMENTS].reverse().map((text) => text.replace(/\s+/g, '  ').replace(/^/, '\n'));
    expect(sameStatements(platform)).toEqual({ same: true });
  });

  it('names a statement the platform runs that the raw limit does not, and one it no longer runs', () => {
    const changed = RAW_LIMIT_STATEMENTS[0]!.replace('limit $2', 'limit $2 for share');
    const check = sameStatements([changed, ...RAW_LIMIT_STATEMENTS.slice(1)]);
    expect(check.same).toBe(false);
    expect(check.same === false && check.problem).toContain('for share');
    expect(check.same === false && check.problem).toContain('not run by the platform: ["select p.id');
  });

  it('refuses a fourth statement', () => {
    expect(sameStatements([...RAW_LIMIT_STATEMENTS, 'select 1']).same).toBe(false);
  });
});
