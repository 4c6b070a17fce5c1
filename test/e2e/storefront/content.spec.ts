import pg from 'pg';
import { createArticle, createBlog, createPage } from '@platform/content/testing';
import { createMetafield } from '@platform/metafields/testing';
import { SystemContexts } from '@platform/request';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';
import { storefrontQuery } from '../../support/http.js';
import { sqlDuring } from '../../support/sql.js';

type Gql = { data?: any; errors?: any; extensions?: any };

describe('storefront content', () => {
  let t: TestApp;
  let shop: TestShop;
  let pages: { id: number; handle: string; title: string }[];
  let articles: { id: number; handle: string; title: string; blogId: number }[];
  let news: { id: number };
  let menuId: number;
  let designerId: number;
  const PUBLIC = () => ({ 'x-platform-storefront-access-token': shop.tokens.storefrontAccessToken });
  const PRIVATE = () => ({ 'platform-storefront-private-token': shop.tokens.storefrontPrivateToken, 'platform-storefront-buyer-ip': '203.0.113.7' });

  beforeAll(async () => {
    // Raised storefront bucket: this file sends many requests from one address.
    t = await createTestApp({}, { storefront: { capacity: 100_000, leakPerSecond: 1000 } });
    shop = await t.seedShop('acme', { products: 20, seed: 7 });
    const shopId = shop.shop.id;
    const ctx = t.app.get(SystemContexts).forShop(shop.shop);
    // More content than the seed: a hidden page, and two more blogs with articles (for paging and statement counts).
    await createPage(ctx, { handle: 'faq', title: 'FAQ', bodyHtml: '<p>Questions about shipping and sizes.</p>' });
    await createPage(ctx, { handle: 'draft', title: 'Draft', bodyHtml: '<p>Not yet.</p>', publishedAt: null });
    const journal = await createBlog(ctx, { handle: 'journal', title: 'Journal' });
    const lookbook = await createBlog(ctx, { handle: 'lookbook', title: 'Lookbook', seo: { title: 'Lookbook SEO' } });
    for (const n of [1, 2, 3, 4]) {
      await createArticle(ctx, { blogId: journal.id, handle: `entry-${n}`, title: `Entry ${n}`, authorName: 'Jo Writer', tags: ['journal'], contentHtml: `<p>Journal entry number ${n}.</p>` });
    }
    for (const n of [1, 2]) await createArticle(ctx, { blogId: lookbook.id, handle: `look-${n}`, title: `Look ${n}`, authorName: 'Al Lens', contentHtml: `<p>Look ${n}.</p>` });
    await createArticle(ctx, { blogId: lookbook.id, handle: 'look-draft', title: 'Unpublished look', publishedAt: null });

    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    const rows = async (sql: string) => (await client.query(sql, [shopId])).rows;
    pages = await rows(`select id::int, handle, title from pages where shop_id = $1 and published_at <= now() order by id`);
    articles = await rows(`select id::int, handle, title, blog_id::int as "blogId" from articles where shop_id = $1 and published_at <= now() order by id`);
    [news] = await rows(`select id::int from blogs where shop_id = $1 and handle = 'news'`);
    [{ id: menuId }] = await rows(`select id::int from menus where shop_id = $1 and handle = 'main-menu'`);
    [{ id: designerId }] = await rows(`select id::int from metaobjects where shop_id = $1 and handle = 'ada-lane'`);
    await client.end();

    const about = pages.find((p) => p.handle === 'about')!;
    for (const metafield of [
      { ownerType: 'PAGE', ownerId: about.id, namespace: 'custom', key: 'hero', type: 'single_line_text_field', value: 'Made to last', description: 'Hero line' },
      { ownerType: 'PAGE', ownerId: about.id, namespace: 'custom', key: 'founded', type: 'number_integer', value: '2014' },
      { ownerType: 'PAGE', ownerId: about.id, namespace: `app--${shop.tokens.appId}`, key: 'secret', type: 'single_line_text_field', value: 'app value' },
      { ownerType: 'BLOG', ownerId: news.id, namespace: 'custom', key: 'color', type: 'color', value: '#336699' },
      ...articles.map((a) => ({ ownerType: 'ARTICLE' as const, ownerId: a.id, namespace: 'custom', key: 'reading_minutes', type: 'number_integer', value: String(a.id % 7 + 1) })),
    ] as const) {
      await createMetafield(ctx, metafield);
    }
  });
  afterAll(() => t.close());

  const q = async (query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}): Promise<Gql> =>
    (await storefrontQuery(t.app, shop.host, query, headers, { variables })).body;

  describe('pages', () => {
    it('lists published pages with the documented shape, tokenless', async () => {
      const res = await q(`{ pages(first: 10) {
        edges { cursor node { id handle title body bodySummary seo { title description } createdAt updatedAt onlineStoreUrl } }
        pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }`);
      expect(res.errors).toBeUndefined();
      const { edges, pageInfo } = res.data.pages;
      expect(edges.map((e: any) => e.node.handle)).toEqual(pages.map((p) => p.handle));
      expect(edges.map((e: any) => e.node.handle)).not.toContain('draft');
      const about = edges.find((e: any) => e.node.handle === 'about').node;
      expect(about).toMatchObject({
        id: `gid://platform/Page/${pages.find((p) => p.handle === 'about')!.id}`,
        title: 'About us',
        body: expect.stringContaining('<h2>Our story</h2>'),
        bodySummary: expect.stringMatching(/^Our story We started/),
        seo: { title: null, description: 'Who we are and how we make everyday things that last.' },
        onlineStoreUrl: null,
      });
      expect(new Date(about.createdAt).toISOString()).toBe(about.createdAt);
      expect(pageInfo).toEqual({ hasNextPage: false, hasPreviousPage: false, startCursor: edges[0].cursor, endCursor: edges.at(-1).cursor });
    });

    it.each(['ID', 'TITLE', 'UPDATED_AT'])('walks pages forward and backward by %s with no gap and no overlap', async (sortKey) => {
      const { forward, backward } = await walk('pages', 'PageSortKeys', sortKey, 1);
      expect([...forward].sort()).toEqual(pages.map((p) => p.handle).sort());
      expect(backward).toEqual(forward);
      if (sortKey === 'TITLE') expect(forward).toEqual([...pages].sort((a, b) => (a.title < b.title ? -1 : 1)).map((p) => p.handle));
    });

    it('reverses, filters with the query argument and ranks by relevance', async () => {
      const res = await q(`{
        asc: pages(first: 10) { nodes { handle } }
        desc: pages(first: 10, reverse: true) { nodes { handle } }
        byTitle: pages(first: 10, query: "title:about") { nodes { handle } }
        byHandle: pages(first: 10, query: "handle:faq OR handle:contact") { nodes { handle } }
        words: pages(first: 10, query: "shipping", sortKey: RELEVANCE) { nodes { handle } }
        none: pages(first: 10, query: "updated_at:<2000-01-01") { nodes { handle } }
      }`);
      expect(res.errors).toBeUndefined();
      expect(res.data.desc.nodes).toEqual([...res.data.asc.nodes].reverse());
      expect(res.data.byTitle.nodes).toEqual([{ handle: 'about' }]);
      expect(res.data.byHandle.nodes.map((n: any) => n.handle).sort()).toEqual(['contact', 'faq']);
      expect(res.data.words.nodes.map((n: any) => n.handle)).toEqual(expect.arrayContaining(['shipping', 'faq']));
      expect(res.data.none.nodes).toEqual([]);
    });

    it('answers page by handle and id, and null for unknown or hidden ones', async () => {
      const about = pages.find((p) => p.handle === 'about')!;
      const res = await q(`query($id: ID) {
        byHandle: page(handle: "about") { id title } byId: page(id: $id) { handle } legacy: pageByHandle(handle: "about") { title }
        unknown: page(handle: "nope") { id } hidden: page(handle: "draft") { id } missing: page(id: "gid://platform/Page/999999") { id } neither: page { id }
      }`, { id: `gid://platform/Page/${about.id}` });
      expect(res.errors).toBeUndefined();
      expect(res.data).toEqual({
        byHandle: { id: `gid://platform/Page/${about.id}`, title: 'About us' },
        byId: { handle: 'about' },
        legacy: { title: 'About us' },
        unknown: null,
        hidden: null,
        missing: null,
        neither: null,
      });
      const bad = await q('{ page(id: "gid://platform/Product/1") { id } }');
      expect(bad.errors[0].message).toMatch(/Invalid global id/);
    });
  });

  describe('blogs and articles', () => {
    it('lists blogs with their articles, authors and article by handle', async () => {
      const res = await q(`{ blogs(first: 10) { nodes { id handle title seo { title description } onlineStoreUrl
        authors { name firstName lastName }
        articles(first: 10) { nodes { handle } pageInfo { hasNextPage } }
        articleByHandle(handle: "spring-collection-is-here") { handle blog { handle } } } } }`);
      expect(res.errors).toBeUndefined();
      const blogs = res.data.blogs.nodes;
      expect(blogs.map((b: any) => b.handle)).toEqual(['news', 'journal', 'lookbook']);
      expect(blogs[0].id).toBe(`gid://platform/Blog/${news.id}`);
      expect(blogs[0].articles.nodes).toHaveLength(3);
      expect(blogs[0].articleByHandle).toEqual({ handle: 'spring-collection-is-here', blog: { handle: 'news' } });
      expect(blogs[1].articleByHandle).toBeNull();
      expect(blogs[1].authors).toEqual([{ name: 'Jo Writer', firstName: 'Jo', lastName: 'Writer' }]);
      expect(blogs[2].articles.nodes.map((a: any) => a.handle)).toEqual(['look-1', 'look-2']);
      expect(blogs[2].seo).toEqual({ title: 'Lookbook SEO', description: null });
      const one = await q('{ blog(handle: "journal") { title } blogByHandle(handle: "journal") { handle } unknown: blog(handle: "nope") { id } }');
      expect(one.data).toEqual({ blog: { title: 'Journal' }, blogByHandle: { handle: 'journal' }, unknown: null });
    });

    it('answers an article with the documented shape', async () => {
      const spring = articles.find((a) => a.handle === 'spring-collection-is-here')!;
      const res = await q(`query($id: ID!) { article(id: $id) {
        id handle title content contentHtml short: content(truncateAt: 20) excerpt excerptHtml
        authorV2 { name } tags publishedAt onlineStoreUrl seo { title description } blog { id handle } image { url altText } } }`, { id: `gid://platform/Article/${spring.id}` });
      expect(res.errors).toBeUndefined();
      const article = res.data.article;
      expect(article).toMatchObject({
        id: `gid://platform/Article/${spring.id}`,
        handle: 'spring-collection-is-here',
        title: 'Our spring collection is here',
        content: expect.stringMatching(/^Lighter fabrics, brighter colors/),
        contentHtml: expect.stringContaining('<p>'),
        excerpt: 'Lighter fabrics and brighter colors, in the shop today.',
        excerptHtml: '<p>Lighter fabrics and brighter colors, in the shop today.</p>',
        authorV2: { name: expect.any(String) },
        tags: ['collections', 'spring'],
        blog: { id: `gid://platform/Blog/${news.id}`, handle: 'news' },
        seo: { title: null, description: null },
      });
      expect(article.image).toEqual({ url: expect.stringMatching(new RegExp(`^http://${shop.host}/files/shops/${shop.shop.id}/public/media/`)), altText: 'Our spring collection is here' });
      expect(article.short.length).toBeLessThanOrEqual(21);
      expect(article.short).toMatch(/…$/);
      expect(Date.parse(article.publishedAt)).toBeLessThan(Date.now());
      const none = await q('{ article(id: "gid://platform/Article/999999") { id } }');
      expect(none.data).toEqual({ article: null });
    });

    it("answers a seeded article's cover as the shop's own file on the request's host, served, its sides filled, transformable", async () => {
      const res = await q(`{ blog(handle: "news") { articles(first: 3) { nodes { handle image { id url width height altText small: url(transform: { maxWidth: 300, preferredContentType: WEBP }) } } } } }`);
      expect(res.errors).toBeUndefined();
      const covers = res.data.blog.articles.nodes.map((a: any) => a.image);
      expect(new Set(covers.map((c: any) => new URL(c.url).pathname)).size).toBe(3);
      for (const cover of covers) {
        expect(cover).toMatchObject({ id: null, width: 1200, height: 800, altText: expect.any(String) });
        const url = new URL(cover.url);
        expect(url.host).toBe(shop.host);
        expect(url.searchParams.get('v')).toMatch(/^\d+$/);
        const served = await t.app.inject({ method: 'GET', url: url.pathname + url.search, headers: { host: shop.host } });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe('image/jpeg');
        // The transform is the served URL's query, as on a product's image.
        const small = new URL(cover.small);
        expect(small.pathname).toBe(url.pathname);
        expect(Object.fromEntries(small.searchParams)).toMatchObject({ width: '300', format: 'webp' });
        const variant = await t.app.inject({ method: 'GET', url: small.pathname + small.search, headers: { host: shop.host } });
        expect([variant.statusCode, variant.headers['content-type']]).toEqual([200, 'image/webp']);
      }
    });

    it('answers an external cover image as it is: its URL, a transform leaving it unchanged', async () => {
      const other = await t.createShop('content-external-cover');
      const ctx = t.app.get(SystemContexts).forShop(other.shop);
      const external = 'https://images.example.com/covers/linen.jpg';
      const { id } = await createArticle(ctx, { handle: 'linen', title: 'Linen', image: { url: external, altText: 'Linen bolts' } });
      const res = (await storefrontQuery(t.app, other.host, `{ article(id: "gid://platform/Article/${id}") { image { url width height altText small: url(transform: { maxWidth: 300 }) } } }`)).body;
      expect(res.errors).toBeUndefined();
      expect(res.data.article.image).toEqual({ url: external, width: null, height: null, altText: 'Linen bolts', small: external });
    });

    it.each(['ID', 'TITLE', 'PUBLISHED_AT', 'AUTHOR', 'BLOG_TITLE', 'UPDATED_AT'])(
      'walks all articles forward and backward by %s with no gap and no overlap',
      async (sortKey) => {
        const { forward, backward } = await walk('articles', 'ArticleSortKeys', sortKey, 2);
        expect([...forward].sort()).toEqual(articles.map((a) => a.handle).sort());
        expect(backward).toEqual(forward);
      },
    );

    it("pages a blog's articles both ways and filters them", async () => {
      const query = `query($first: Int, $after: String, $last: Int, $before: String) { blog(handle: "journal") {
        articles(first: $first, after: $after, last: $last, before: $before) { nodes { handle } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } } }`;
      const first = (await q(query, { first: 3 })).data.blog.articles;
      expect(first.nodes.map((n: any) => n.handle)).toEqual(['entry-1', 'entry-2', 'entry-3']);
      expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
      const next = (await q(query, { first: 3, after: first.pageInfo.endCursor })).data.blog.articles;
      expect(next.nodes.map((n: any) => n.handle)).toEqual(['entry-4']);
      expect(next.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
      const last = (await q(query, { last: 2 })).data.blog.articles;
      expect(last.nodes.map((n: any) => n.handle)).toEqual(['entry-3', 'entry-4']);
      expect(last.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
      const before = (await q(query, { last: 2, before: last.pageInfo.startCursor })).data.blog.articles;
      expect(before.nodes.map((n: any) => n.handle)).toEqual(['entry-1', 'entry-2']);
      expect(before.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });

      const filtered = await q(`{ tagged: articles(first: 10, query: "tag:spring") { nodes { handle } }
        byAuthor: articles(first: 10, query: "author:\\"Al Lens\\"") { nodes { handle } }
        byBlog: articles(first: 10, query: "blog_title:Journal -title:3") { nodes { handle } }
        reversed: articles(first: 2, sortKey: TITLE, reverse: true) { nodes { title } }
        inBlog: blog(handle: "journal") { articles(first: 10, query: "title:entry*", sortKey: TITLE, reverse: true) { nodes { handle } } } }`);
      expect(filtered.errors).toBeUndefined();
      expect(filtered.data.tagged.nodes).toEqual([{ handle: 'spring-collection-is-here' }]);
      expect(filtered.data.byAuthor.nodes.map((n: any) => n.handle)).toEqual(['look-1', 'look-2']);
      expect(filtered.data.byBlog.nodes.map((n: any) => n.handle)).toEqual(['entry-1', 'entry-2', 'entry-4']);
      const titles = articles.map((a) => a.title).sort((a, b) => (a < b ? 1 : -1));
      expect(filtered.data.reversed.nodes.map((n: any) => n.title)).toEqual(titles.slice(0, 2));
      expect(filtered.data.inBlog.articles.nodes.map((n: any) => n.handle)).toEqual(['entry-4', 'entry-3', 'entry-2', 'entry-1']);
    });
  });

  describe('token-only areas', () => {
    it('answers the main menu with nested items, resource ids and absolute URLs', async () => {
      const res = await q(`{ menu(handle: "main-menu") { id handle title itemsCount
        items { id title type url resourceId tags items { title type url resourceId tags items { id } } } } }`, {}, PUBLIC());
      expect(res.errors).toBeUndefined();
      const menu = res.data.menu;
      expect(menu).toMatchObject({ id: `gid://platform/Menu/${menuId}`, handle: 'main-menu', title: 'Main menu', itemsCount: 9 });
      expect(menu.items.map((i: any) => [i.title, i.type])).toEqual([
        ['Home', 'FRONTPAGE'],
        ['Shop', 'CATALOG'],
        ['News', 'BLOG'],
        ['About us', 'PAGE'],
        ['Search', 'SEARCH'],
      ]);
      const origin = `http://${shop.host}`;
      expect(menu.items.map((i: any) => i.url)).toEqual([`${origin}/`, `${origin}/collections/all`, `${origin}/blogs/news`, `${origin}/pages/about`, `${origin}/search`]);
      expect(menu.items[2].resourceId).toBe(`gid://platform/Blog/${news.id}`);
      expect(menu.items[3].resourceId).toBe(`gid://platform/Page/${pages.find((p) => p.handle === 'about')!.id}`);
      const shopItems = menu.items[1].items;
      expect(shopItems).toHaveLength(4);
      expect(shopItems.every((i: any) => i.type === 'COLLECTION' && /^gid:\/\/platform\/Collection\/\d+$/.test(i.resourceId))).toBe(true);
      expect(shopItems[0]).toMatchObject({ title: 'Apparel', tags: [], items: [] });
      const none = await q('{ menu(handle: "nope") { id } }', {}, PUBLIC());
      expect(none.data).toEqual({ menu: null });
    });

    it('answers metaobjects by id, handle and type, paginated both ways', async () => {
      const res = await q(`query($id: ID) {
        byId: metaobject(id: $id) { id handle type updatedAt fields { key type value } name: field(key: "name") { value } none: field(key: "nope") { value } }
        byHandle: metaobject(handle: { type: "designer", handle: "ada-lane" }) { id }
        unknown: metaobject(handle: { type: "designer", handle: "nobody" }) { id }
        all: metaobjects(type: "designer", first: 10) { nodes { handle } }
        firstTwo: metaobjects(type: "designer", first: 2) { nodes { handle } pageInfo { hasNextPage endCursor } }
        lastOne: metaobjects(type: "designer", last: 1) { nodes { handle } pageInfo { hasPreviousPage } }
        byUpdate: metaobjects(type: "designer", first: 10, sortKey: "updated_at", reverse: true) { nodes { handle } }
        other: metaobjects(type: "nope", first: 10) { nodes { handle } }
      }`, { id: `gid://platform/Metaobject/${designerId}` }, PUBLIC());
      expect(res.errors).toBeUndefined();
      expect(res.data.byId).toEqual({
        id: `gid://platform/Metaobject/${designerId}`,
        handle: 'ada-lane',
        type: 'designer',
        updatedAt: expect.any(String),
        fields: [
          { key: 'name', type: 'single_line_text_field', value: 'Ada Lane' },
          { key: 'bio', type: 'multi_line_text_field', value: expect.stringContaining('Textile designer') },
          { key: 'website', type: 'url', value: 'https://example.com/designers/ada-lane' },
        ],
        name: { value: 'Ada Lane' },
        none: null,
      });
      expect(res.data.byHandle.id).toBe(res.data.byId.id);
      expect(res.data.unknown).toBeNull();
      const handles = res.data.all.nodes.map((n: any) => n.handle);
      expect(handles).toEqual(['ada-lane', 'tomas-okafor', 'mira-solberg']);
      expect(res.data.firstTwo.nodes.map((n: any) => n.handle)).toEqual(handles.slice(0, 2));
      expect(res.data.firstTwo.pageInfo.hasNextPage).toBe(true);
      expect(res.data.lastOne).toEqual({ nodes: [{ handle: 'mira-solberg' }], pageInfo: { hasPreviousPage: true } });
      expect(res.data.byUpdate.nodes).toHaveLength(3);
      expect(res.data.other.nodes).toEqual([]);
      const rest = await q('query($after: String) { metaobjects(type: "designer", first: 2, after: $after) { nodes { handle } } }', { after: res.data.firstTwo.pageInfo.endCursor }, PUBLIC());
      expect(rest.data.metaobjects.nodes).toEqual([{ handle: 'mira-solberg' }]);
      const badSort = await q('{ metaobjects(type: "designer", first: 1, sortKey: "title") { nodes { id } } }', {}, PUBLIC());
      expect(badSort.errors[0].message).toMatch(/Invalid sort key/);
    });

    it('answers metafields of pages, blogs and articles by namespace and key', async () => {
      const res = await q(`{
        page(handle: "about") {
          hero: metafield(namespace: "custom", key: "hero") { id namespace key type value description createdAt updatedAt }
          mine: metafield(key: "secret") { value }
          missing: metafield(namespace: "custom", key: "nope") { value }
          metafields(identifiers: [{ namespace: "custom", key: "founded" }, { namespace: "custom", key: "nope" }, { namespace: "custom", key: "hero" }]) { key value }
        }
        blog(handle: "news") { metafield(namespace: "custom", key: "color") { type value } }
        articles(first: 3) { nodes { metafields(identifiers: [{ namespace: "custom", key: "reading_minutes" }]) { value } } }
      }`, {}, PUBLIC());
      expect(res.errors).toBeUndefined();
      expect(res.data.page.hero).toMatchObject({
        id: expect.stringMatching(/^gid:\/\/platform\/Metafield\/\d+$/),
        namespace: 'custom',
        key: 'hero',
        type: 'single_line_text_field',
        value: 'Made to last',
        description: 'Hero line',
      });
      expect(res.data.page.mine).toEqual({ value: 'app value' });
      expect(res.data.page.missing).toBeNull();
      expect(res.data.page.metafields).toEqual([{ key: 'founded', value: '2014' }, null, { key: 'hero', value: 'Made to last' }]);
      expect(res.data.blog.metafield).toEqual({ type: 'color', value: '#336699' });
      expect(res.data.articles.nodes.map((n: any) => n.metafields[0].value)).toEqual(articles.slice(0, 3).map((a) => String(a.id % 7 + 1)));
    });
  });

  describe('access by caller', () => {
    const MIXED = `{ shop { name } pages(first: 1) { nodes { handle } } blog(handle: "news") { title }
      menu(handle: "main-menu") { handle }
      metaobject(handle: { type: "designer", handle: "ada-lane" }) { handle }
      page(handle: "about") { title metafield(namespace: "custom", key: "hero") { value }
        metafields(identifiers: [{ namespace: "custom", key: "hero" }, { namespace: "custom", key: "founded" }]) { value } } }`;

    it('tokenless: content answers; menu, metaobjects and metafields are ACCESS_DENIED on their own fields', async () => {
      const res = await q(MIXED);
      expect(res.data).toEqual({
        shop: { name: 'Acme' },
        pages: { nodes: [{ handle: pages[0].handle }] },
        blog: { title: 'News' },
        menu: null,
        metaobject: null,
        page: { title: 'About us', metafield: null, metafields: [null, null] },
      });
      const denied = res.errors.map((e: any) => [e.path.join('.'), e.extensions.code]);
      expect(denied).toEqual(
        expect.arrayContaining([
          ['menu', 'ACCESS_DENIED'],
          ['metaobject', 'ACCESS_DENIED'],
          ['page.metafield', 'ACCESS_DENIED'],
          ['page.metafields.0', 'ACCESS_DENIED'],
          ['page.metafields.1', 'ACCESS_DENIED'],
        ]),
      );
      expect(res.errors).toHaveLength(5);
      // `metaobjects` is nullable here, so its ACCESS_DENIED leaves the rest of the query answering.
      const list = await q('{ shop { name } metaobjects(type: "designer", first: 1) { nodes { handle } } }');
      expect(list.data).toEqual({ shop: { name: expect.any(String) }, metaobjects: null });
      expect(list.errors[0]).toMatchObject({ path: ['metaobjects'], extensions: { code: 'ACCESS_DENIED' } });
    });

    it.each([
      ['public token', PUBLIC],
      ['private token with the buyer IP', PRIVATE],
    ])('%s: every area answers', async (_name, headers) => {
      const res = await q(MIXED, {}, headers());
      expect(res.errors).toBeUndefined();
      expect(res.data).toEqual({
        shop: { name: 'Acme' },
        pages: { nodes: [{ handle: pages[0].handle }] },
        blog: { title: 'News' },
        menu: { handle: 'main-menu' },
        metaobject: { handle: 'ada-lane' },
        page: { title: 'About us', metafield: { value: 'Made to last' }, metafields: [{ value: 'Made to last' }, { value: '2014' }] },
      });
      const list = await q('{ metaobjects(type: "designer", first: 1) { nodes { handle } } }', {}, headers());
      expect(list.data.metaobjects.nodes).toEqual([{ handle: 'ada-lane' }]);
    });

    it('a token without the scope: ACCESS_DENIED on that field, the rest answers', async () => {
      const contentOnly = await t.createShopApp(shop, 'unauthenticated_read_content');
      const res = await q(MIXED, {}, { 'x-platform-storefront-access-token': contentOnly });
      expect(res.data).toMatchObject({ menu: { handle: 'main-menu' }, metaobject: null, page: { metafield: { value: 'Made to last' } } });
      expect(res.errors.map((e: any) => [e.path.join('.'), e.extensions.code])).toEqual([['metaobject', 'ACCESS_DENIED']]);

      const listingsOnly = await t.createShopApp(shop, 'unauthenticated_read_product_listings');
      const other = await q('{ shop { name } menu(handle: "main-menu") { handle } metaobject(handle: { type: "designer", handle: "ada-lane" }) { handle } }', {}, {
        'x-platform-storefront-access-token': listingsOnly,
      });
      expect(other.data).toEqual({ shop: { name: 'Acme' }, menu: null, metaobject: null });
      expect(other.errors.map((e: any) => e.path[0]).sort()).toEqual(['menu', 'metaobject']);
      const pagesDenied = await q('{ pages(first: 1) { nodes { id } } }', {}, { 'x-platform-storefront-access-token': listingsOnly });
      expect(pagesDenied.errors[0]).toMatchObject({ path: ['pages'], extensions: { code: 'ACCESS_DENIED' } });
    });
  });

  describe('node(id:)', () => {
    it('fetches pages, blogs and articles tokenless; menus, metaobjects and metafields with a token', async () => {
      const page = `gid://platform/Page/${pages[0].id}`;
      const article = `gid://platform/Article/${articles[0].id}`;
      const res = await q(`query($ids: [ID!]!) { page: node(id: "${page}") { id ... on Page { handle } } article: node(id: "${article}") { id ... on Article { title } }
        nodes(ids: $ids) { id __typename } }`, { ids: [page, article, `gid://platform/Blog/${news.id}`, 'gid://platform/Page/999999'] });
      expect(res.errors).toBeUndefined();
      expect(res.data.page).toEqual({ id: page, handle: pages[0].handle });
      expect(res.data.article).toEqual({ id: article, title: articles[0].title });
      expect(res.data.nodes).toEqual([
        { id: page, __typename: 'Page' },
        { id: article, __typename: 'Article' },
        { id: `gid://platform/Blog/${news.id}`, __typename: 'Blog' },
        null,
      ]);

      const hero = (await q('{ page(handle: "about") { metafield(namespace: "custom", key: "hero") { id } } }', {}, PUBLIC())).data.page.metafield.id;
      const tokenOnly = `{ menu: node(id: "gid://platform/Menu/${menuId}") { ... on Menu { handle } }
        designer: node(id: "gid://platform/Metaobject/${designerId}") { ... on Metaobject { handle } }
        metafield: node(id: "${hero}") { ... on Metafield { value } } }`;
      const withToken = await q(tokenOnly, {}, PUBLIC());
      expect(withToken.data).toEqual({ menu: { handle: 'main-menu' }, designer: { handle: 'ada-lane' }, metafield: { value: 'Made to last' } });
      const tokenless = await q(tokenOnly);
      expect(tokenless.data).toEqual({ menu: null, designer: null, metafield: null });
      expect(tokenless.errors.map((e: any) => e.extensions.code)).toEqual(['ACCESS_DENIED', 'ACCESS_DENIED', 'ACCESS_DENIED']);

      // In nodes(ids:), a denied id nulls its own item only.
      const mixed = await q('query($ids: [ID!]!) { nodes(ids: $ids) { id __typename } }', { ids: [page, `gid://platform/Menu/${menuId}`, article] });
      expect(mixed.data.nodes).toEqual([{ id: page, __typename: 'Page' }, null, { id: article, __typename: 'Article' }]);
      expect(mixed.errors).toEqual([expect.objectContaining({ path: ['nodes', 1], extensions: expect.objectContaining({ code: 'ACCESS_DENIED' }) })]);
    });
  });

  it('runs a constant number of SQL statements whatever the number of blogs (no N+1)', async () => {
    const count = async (first: number) => {
      const { result: res, statements } = await sqlDuring(() =>
        q(
          `{ blogs(first: ${first}) { nodes { handle authors { name } metafield(namespace: "custom", key: "color") { value }
            articles(first: 5) { nodes { title content(truncateAt: 10) blog { handle }
              metafields(identifiers: [{ namespace: "custom", key: "reading_minutes" }]) { value } } } } } }`,
          {},
          PUBLIC(),
        ),
      );
      expect(res.errors).toBeUndefined();
      expect(res.data.blogs.nodes).toHaveLength(first);
      return statements.length;
    };
    const one = await count(1);
    const three = await count(3);
    expect(three).toBe(one);
    // blogs, authors, blog metafields, articles, their blogs, their metafields.
    expect(three).toBe(6);
  });

  /** Walks a root connection forward (`first`) then backward (`last`) and returns the handles in order. */
  async function walk(field: string, sortType: string, sortKey: string, size: number): Promise<{ forward: string[]; backward: string[] }> {
    const query = `query($first: Int, $after: String, $last: Int, $before: String, $sortKey: ${sortType}) {
      ${field}(first: $first, after: $after, last: $last, before: $before, sortKey: $sortKey) {
        edges { cursor node { handle } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }`;
    const forward: string[] = [];
    let after: string | null = null;
    for (let i = 0; i < 20; i++) {
      const res: Gql = await q(query, { first: size, after, sortKey });
      expect(res.errors).toBeUndefined();
      const page = res.data[field];
      forward.push(...page.edges.map((e: any) => e.node.handle));
      expect(page.pageInfo.hasPreviousPage).toBe(after !== null);
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    const backward: string[] = [];
    let before: string | null = null;
    for (let i = 0; i < 20; i++) {
      const res: Gql = await q(query, { last: size, before, sortKey });
      const page = res.data[field];
      backward.unshift(...page.edges.map((e: any) => e.node.handle));
      expect(page.pageInfo.hasNextPage).toBe(before !== null);
      if (!page.pageInfo.hasPreviousPage) break;
      before = page.pageInfo.startCursor;
    }
    return { forward, backward };
  }
});
