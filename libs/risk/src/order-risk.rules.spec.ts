import { assessmentFields, restRiskFields, scoreOf } from './order-risk.rules.js';

describe('order risk rules', () => {
  it.each([
    [0, '0.0'],
    [1, '1.0'],
    ['1.0', '1.0'],
    [0.5, '0.5'],
    ['0.7500', '0.75'],
    ['0.1234', '0.1234'],
    [null, null],
  ] as const)('reads the score %p as %p', (value, expected) => {
    expect(scoreOf(value)).toBe(expected);
  });

  it.each([-0.1, 1.01, '2', 'abc', '', '0.12345', '1e-1', Number.NaN, Number.POSITIVE_INFINITY, true, {}, [0.5], '0x1'])('refuses the score %p', (value) => {
    expect(scoreOf(value)).toBeUndefined();
  });

  it('needs a recommendation in cancel|investigate|accept to create, and keys each problem by its field', () => {
    expect(restRiskFields({}).problems.map((p) => [p.code, p.field])).toEqual([['BLANK', 'recommendation']]);
    const bad = restRiskFields({ recommendation: 'maybe', score: 7 });
    expect(bad.problems.map((p) => [p.code, p.field, p.message])).toEqual([
      ['INVALID', 'recommendation', 'Recommendation is not included in the list'],
      ['INVALID', 'score', 'Score must be a number from 0 to 1 with at most 4 decimals'],
    ]);
    expect(bad.fields).toEqual({});
    for (const checkoutId of [0, -1, 1e19, 2 ** 53]) expect(restRiskFields({ recommendation: 'accept', checkoutId }).problems.map((p) => p.field)).toEqual(['checkoutId']);
    expect(restRiskFields({ recommendation: 'accept', checkoutId: 42 }).fields.checkoutId).toBe(42);
  });

  it('bounds the message at 5,000 characters', () => {
    expect(restRiskFields({ recommendation: 'accept', message: 'm'.repeat(5_000) }).problems).toEqual([]);
    expect(restRiskFields({ recommendation: 'accept', message: 'm'.repeat(5_001) }).problems.map((p) => [p.code, p.field, p.message])).toEqual([
      ['INVALID', 'message', 'Message is too long (maximum is 5000 characters)'],
    ]);
  });

  it('makes the message the fact the admin schema shows, with the sentiment of the recommendation', () => {
    const { fields } = restRiskFields({ recommendation: 'cancel', message: 'Proxy', score: '1.0', display: true });
    expect(fields).toEqual({ recommendation: 'cancel', riskLevel: 'HIGH', score: '1.0', message: 'Proxy', display: true, facts: [{ description: 'Proxy', sentiment: 'NEGATIVE' }] });
  });

  it('updates only what is given, keeping the current message for the fact of a new recommendation', () => {
    const current = { message: 'Proxy', recommendation: 'cancel' as const };
    expect(restRiskFields({ score: 0.2 }, current)).toEqual({ fields: { score: '0.2' }, problems: [] });
    expect(restRiskFields({ recommendation: 'accept' }, current).fields.facts).toEqual([{ description: 'Proxy', sentiment: 'POSITIVE' }]);
    expect(restRiskFields({ recommendation: null }, current).problems.map((p) => p.code)).toEqual(['BLANK']);
  });

  it('takes at most 20 facts and cuts each description at 256 characters (not inside a character)', () => {
    const fact = (description: string) => ({ description, sentiment: 'NEUTRAL' as const });
    expect(assessmentFields({ orderId: 1, riskLevel: 'LOW', facts: Array.from({ length: 21 }, () => fact('x')) }).problems.map((p) => [p.code, p.field])).toEqual([['TOO_MANY_FACTS', 'facts']]);
    const long = `${'😀'.repeat(255)}ab`;
    const { fields, problems } = assessmentFields({ orderId: 1, riskLevel: 'HIGH', facts: Array.from({ length: 20 }, () => fact(long)) });
    expect(problems).toEqual([]);
    expect(Array.from(fields.facts![0]!.description)).toHaveLength(256);
    expect(fields.facts![0]!.description.endsWith('😀a')).toBe(true);
    expect(fields).toMatchObject({ riskLevel: 'HIGH', recommendation: 'cancel', display: true });
    expect(assessmentFields({ orderId: 1, riskLevel: 'PENDING', facts: [] }).fields).toMatchObject({ riskLevel: 'PENDING', recommendation: undefined, message: null });
    expect(assessmentFields({ orderId: 1, riskLevel: 'LOW', facts: [fact('  ')] }).problems.map((p) => p.field)).toEqual(['facts[0].description']);
  });
});
