import { createHash } from 'node:crypto';
import { HTML_PAGE_HEADERS, htmlPage } from './html-page.js';
import { escapeHtml, html } from './html.js';

describe('html', () => {
  it('escapes what it interpolates, in text and in attributes', () => {
    const name = `<script>alert("x")</script> & 'friends'`;
    expect(html`<p title="${name}">${name}</p>`.markup).toBe(
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;friends&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;friends&#39;</p>',
    );
    expect(escapeHtml('a\u0000b')).toBe('a\u0000b');
  });

  it('nests html results as they are and leaves out null, undefined and false', () => {
    const items = ['<b>', 'c'].map((x) => html`<li>${x}</li>`);
    expect(html`<ul>${items}</ul>${null}${undefined}${false}${0}`.markup).toBe('<ul><li>&lt;b&gt;</li><li>c</li></ul>0');
  });
});

describe('htmlPage', () => {
  it('allows its one inline style by hash and nothing else', () => {
    const page = htmlPage('A <title>', html`<p>hi</p>`);
    expect(page).toContain('<title>A &lt;title&gt;</title>');
    const style = /<style>(.*)<\/style>/s.exec(page)![1]!;
    const hash = createHash('sha256').update(style).digest('base64');
    expect(HTML_PAGE_HEADERS['content-security-policy']).toBe(
      `default-src 'none'; img-src 'self'; style-src 'sha256-${hash}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
    );
  });
});
