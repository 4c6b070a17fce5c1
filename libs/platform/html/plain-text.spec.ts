import { plainText } from './plain-text.js';

describe('plainText', () => {
  it('drops tags, decodes entities once and folds whitespace onto one line', () => {
    expect(plainText('<h2>Our story</h2>\n<p>Made in&nbsp;Portland &amp; Porto.</p>')).toBe('Our story Made in Portland & Porto.');
    expect(plainText('<p>&amp;lt;b&amp;gt; is &quot;bold&quot; &#39;n&apos; &lt;fine&gt;</p>')).toBe('&lt;b&gt; is "bold" \'n\' <fine>');
  });

  it('keeps the whole text without truncateAt, with a non-positive one, or when it is short enough', () => {
    const html = '<p>Soft cotton tee</p>';
    expect(plainText(html)).toBe('Soft cotton tee');
    expect(plainText(html, null)).toBe('Soft cotton tee');
    expect(plainText(html, 0)).toBe('Soft cotton tee');
    expect(plainText(html, -5)).toBe('Soft cotton tee');
    expect(plainText(html, 15)).toBe('Soft cotton tee');
  });

  it('cuts at a word boundary, never mid-word, and appends an ellipsis', () => {
    expect(plainText('<p>Soft cotton tee, made to last.</p>', 14)).toBe('Soft cotton…');
    // The limit falls right after a word: that word stays, its comma goes.
    expect(plainText('<p>Soft cotton tee, made to last.</p>', 15)).toBe('Soft cotton tee…');
    expect(plainText('<p>Soft cotton tee, made to last.</p>', 16)).toBe('Soft cotton tee…');
    const words = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    const cut = plainText(`<p>${words}</p>`, 40);
    expect(cut).toBe('word0 word1 word2 word3 word4 word5…');
    expect(cut.length).toBeLessThanOrEqual(41);
  });

  it('cuts a word only when keeping whole words would drop more than half of what was asked', () => {
    expect(plainText('Supercalifragilisticexpialidocious shoes', 10)).toBe('Supercalif…');
    expect(plainText('A supercalifragilisticexpialidocious pair', 12)).toBe('A supercalif…');
  });
});
