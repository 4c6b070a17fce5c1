import { articleRow, pageRow, summarize, uniqueWithin } from './content.rules.js';

describe('summarize', () => {
  it('strips tags and entities onto one line', () => {
    expect(summarize('<h2>Our story</h2>\n<p>Made in&nbsp;Portland &amp; Porto.</p>')).toBe('Our story Made in Portland & Porto.');
  });

  it('cuts long text at a word boundary with an ellipsis', () => {
    const words = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    const summary = summarize(`<p>${words}</p>`, 40);
    expect(summary).toBe('word0 word1 word2 word3 word4 word5…');
    expect(summary.length).toBeLessThanOrEqual(41);
  });
});

describe('pageRow and articleRow', () => {
  const NOW = new Date('2026-11-29T12:00:00Z');

  it('derive the summary, default publication to now and keep SEO empty unless given', () => {
    const row = pageRow({ handle: 'about', title: 'About us', bodyHtml: '<p>Hello</p>' }, NOW);
    expect(row).toMatchObject({ handle: 'about', title: 'About us', bodySummary: 'Hello', seoTitle: null, seoDescription: null });
    expect(row.publishedAt).toEqual(NOW);
    expect(articleRow({ blogId: 1, handle: 'a', title: 'A' }, NOW, 1).publishedAt).toEqual(NOW);
    expect(pageRow({ handle: 'draft', title: 'Draft', publishedAt: null }, NOW).publishedAt).toBeNull();
  });

  it('refuses bad handles, blank titles and relative image URLs', () => {
    expect(() => pageRow({ handle: 'About Us', title: 'x' }, NOW)).toThrow(expect.objectContaining({ field: 'page.handle' }));
    expect(() => pageRow({ handle: 'about', title: '  ' }, NOW)).toThrow(expect.objectContaining({ field: 'page.title', code: 'BLANK' }));
    expect(() => articleRow({ blogId: 1, handle: 'a', title: 'A', image: { url: '/img.png' } }, NOW, 1)).toThrow(expect.objectContaining({ field: 'article.image.url' }));
    expect(articleRow({ blogId: 1, handle: 'a', title: 'A', tags: ['news', ' news ', ''] }, NOW, 1).tags).toEqual(['news']);
  });

  it("keeps an article's cover as an external URL or as a public file of its shop, with its sides", () => {
    const article = { blogId: 1, handle: 'a', title: 'A' };
    expect(articleRow({ ...article, image: { url: 'https://example.com/a.jpg', altText: 'A' } }, NOW, 1)).toMatchObject({
      imageUrl: 'https://example.com/a.jpg',
      imageFileKey: null,
      imageWidth: null,
      imageAltText: 'A',
    });
    const kept = { fileKey: 'shops/1/public/media/abc.jpg', width: 1200, height: 800, altText: 'A' };
    expect(articleRow({ ...article, image: kept }, NOW, 1)).toMatchObject({ imageUrl: null, imageFileKey: kept.fileKey, imageWidth: 1200, imageHeight: 800, imageAltText: 'A' });
    // Another shop's file, a private one, or no key at all would make a URL the storefront cannot serve.
    for (const fileKey of ['shops/2/public/media/abc.jpg', 'shops/1/private/bulk/abc.jsonl', 'https://example.com/a.jpg']) {
      expect(() => articleRow({ ...article, image: { fileKey } }, NOW, 1)).toThrow(expect.objectContaining({ field: 'article.image.fileKey' }));
    }
    expect(() => articleRow({ ...article, image: { ...kept, width: 0 } }, NOW, 1)).toThrow(expect.objectContaining({ field: 'article.image.width' }));
  });

  it('refuses a key twice in one batch', () => {
    expect(() => uniqueWithin(['a', 'b', 'a'], (x) => x, (i) => `pages[${i}].handle`)).toThrow(expect.objectContaining({ field: 'pages[2].handle', code: 'TAKEN' }));
  });
});
