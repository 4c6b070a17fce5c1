import { findInputProblem, inputProblemError, textProblem } from './input-limits.js';

describe('input limits', () => {
  it.each([
    ['plain text', 'shirt', null],
    ['a surrogate pair (an emoji)', 'a😀b', null],
    ['a grapheme of several code points', '👩‍👩‍👧‍👦', null],
    ['a NUL byte', 'a\u0000b', 'nul_byte'],
    ['a lone high surrogate', '\ud800', 'ill_formed_text'],
    ['a high surrogate followed by a letter', 'a\ud83dx', 'ill_formed_text'],
    ['a lone low surrogate', 'a\udc00b', 'ill_formed_text'],
    ['a pair in the wrong order', '\ude00\ud83d', 'ill_formed_text'],
    ['a high surrogate at the end', 'ok\udbff', 'ill_formed_text'],
  ])('reads %s as %s', (_case, text, problem) => {
    expect(textProblem(text)).toBe(problem);
  });

  it('finds ill-formed text in values and keys, with its path, as it finds NUL bytes', () => {
    expect(findInputProblem({ attributes: [{ key: 'a', value: 'x\ud800' }] }, '$input')).toEqual({ kind: 'ill_formed_text', path: '$input.attributes[0].value' });
    expect(findInputProblem({ ok: 'fine', ['k\udc00']: 1 }, '')).toEqual({ kind: 'ill_formed_text', path: 'k\udc00' });
    expect(findInputProblem(['😀', { a: '\u0000' }], '$l')).toEqual({ kind: 'nul_byte', path: '$l[1].a' });
    expect(findInputProblem({ a: ['😀', 'é'] }, '$v')).toBeNull();
  });

  it('names what is wrong in the error', () => {
    expect(inputProblemError({ kind: 'ill_formed_text', path: 'title' })).toMatchObject({
      kind: 'UNPROCESSABLE',
      code: 'ILL_FORMED_TEXT',
      field: 'title',
      message: 'must not contain ill-formed text (a lone UTF-16 surrogate)',
    });
    expect(inputProblemError({ kind: 'nul_byte', path: 'title' })).toMatchObject({ code: 'NUL_BYTE', message: 'must not contain NUL bytes (U+0000)' });
  });
});
