import { MikroORM } from '@mikro-orm/postgresql';
import { Test, type TestingModule } from '@nestjs/testing';
import { ConfigModule, loadConfig } from '@platform/config';
import { SellingPlansStorefrontService } from '@platform/catalog';
import { ContentService, ContentStorefrontService, MetaobjectsService } from '@platform/content';
import { DatabaseModule, migrateDatabase } from '@platform/database';
import { MetafieldsService } from '@platform/metafields';
import { pageRequest } from '@platform/paging';
import { LoggingModule, createLogger } from '@platform/logging';
import { type RequestContext, SystemContextModule, SystemContexts } from '@platform/request';
import { DEMO_SEED_OPTIONS, type SeedCounts, SeedModule, SeedService, generateShopData } from '@platform/seed';
import { ShopService, type ShopSnapshot, TenancyModule } from '@platform/tenancy';
import { MIGRATIONS } from '../../../migrations/index.js';
import { sqlDuring } from '../../support/sql.js';
import { createEmptyTestDatabase } from '../../support/test-database.js';

const MY_TABLES = [
  'pages',
  'blogs',
  'articles',
  'menus',
  'menu_items',
  'metafields',
  'metaobject_definitions',
  'metaobjects',
  'selling_plan_groups',
  'selling_plans',
  'selling_plan_group_products',
];

// Writes go through the context's services, reads through the ones the storefront uses: what a shop can
// read of another's rows here is what a buyer could.
describe('content, custom data and selling plans on Postgres', () => {
  let database: Awaited<ReturnType<typeof createEmptyTestDatabase>>;
  let moduleRef: TestingModule;
  let orm: MikroORM;
  let applied: string[];
  let shopA: ShopSnapshot;
  let shopB: ShopSnapshot;
  let countsA: SeedCounts;
  let countsB: SeedCounts;
  let content: ContentService;
  let metafields: MetafieldsService;
  let metaobjects: MetaobjectsService;
  let reads: ContentStorefrontService;
  let planReads: SellingPlansStorefrontService;
  let productsA: { id: number; productType: string }[];
  // A new context per use, as each request has its own (DataLoaders live for one request).
  const ctxOf = (shop: ShopSnapshot): RequestContext => moduleRef.get(SystemContexts).forShop(shop);

  const sql = async <T extends object>(query: string, params: unknown[] = []) => orm.em.getConnection().execute<T[]>(query, params);
  // What `work` returns, and how many statements it sent that read `table`.
  const reading = async <T>(table: string, work: () => Promise<T>): Promise<{ result: T; count: number }> => {
    const { result, statements } = await sqlDuring(work);
    return { result, count: statements.filter((text) => text.includes(table)).length };
  };

  beforeAll(async () => {
    database = await createEmptyTestDatabase();
    moduleRef = await Test.createTestingModule({
      imports: [
        ConfigModule.forRoot(loadConfig({})),
        LoggingModule.forRoot(createLogger('silent')),
        DatabaseModule.forRoot({ url: database.url, migrations: MIGRATIONS, poolSize: 4 }),
        TenancyModule,
        SeedModule,
        SystemContextModule,
      ],
      providers: [ContentStorefrontService, SellingPlansStorefrontService],
    }).compile();
    orm = moduleRef.get(MikroORM);
    applied = await migrateDatabase(orm);
    [content, metafields, metaobjects] = [
      moduleRef.get(ContentService),
      moduleRef.get(MetafieldsService),
      moduleRef.get(MetaobjectsService),
    ];
    [reads, planReads] = [moduleRef.get(ContentStorefrontService), moduleRef.get(SellingPlansStorefrontService)];
    const shops = moduleRef.get(ShopService);
    shopA = await shops.create({ handle: 'content-a' });
    shopB = await shops.create({ handle: 'content-b', currency: 'CAD' });
    const seeder = moduleRef.get(SeedService);
    countsA = await seeder.seed(ctxOf(shopA), { ...DEMO_SEED_OPTIONS, customers: 0, orders: 0 });
    // Same seed: the same handles, which must not clash with shop A's.
    countsB = await seeder.seed(ctxOf(shopB), { seed: 1, products: 8, customers: 0, orders: 0, currency: 'CAD' });
    productsA = (await sql<{ id: string; product_type: string }>('select id, product_type from products where shop_id = ? order by id', [shopA.id])).map((p) => ({
      id: Number(p.id),
      productType: p.product_type,
    }));
  });

  afterAll(async () => {
    await moduleRef?.close();
    await database.drop();
  });

  it('applies the content migration in order with the others', () => {
    expect(applied).toEqual(MIGRATIONS.map((m) => m.name));
    expect(applied).toContain('20261123000300-content');
  });

  it("creates the entities' columns, types, nullability, checks and indexes exactly", async () => {
    const diff = await orm.schema.getUpdateSchemaSQL({ wrap: false });
    // Known, deliberate differences: plain ids instead of ORM relations (so the ORM knows no foreign keys),
    // identity columns instead of bigserial, and SQL defaults the entities fill in themselves.
    const mine = diff
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => MY_TABLES.some((t) => line.includes(`"${t}"`)));
    expect(mine.length).toBeGreaterThan(0); // the filter below has something to explain
    const unexplained = mine
      .filter((line) => !/drop constraint "\w+_fkey"/.test(line))
      .filter((line) => !/(drop column "id"|add "id" bigserial primary key)/.test(line))
      .filter((line) => !/alter column "(created_at|updated_at|tags)" drop default/.test(line));
    expect(unexplained).toEqual([]);
  });

  it('seeds every area of the demo shop and reports what it wrote', async () => {
    expect(countsA).toMatchObject({
      markets: 3,
      collections: 5,
      pages: 3,
      blogs: 1,
      articles: 3,
      menus: 1,
      menuItems: 9,
      metaobjectDefinitions: 1,
      metaobjects: 3,
      sellingPlanGroups: 1,
      sellingPlans: 3,
      products: 60,
    });
    // Three metafields a product plus four on the shop; French title and description of every product,
    // title and description of every collection and page, blog and article titles, menu item titles.
    expect(countsA.metafields).toBe(60 * 3 + 4);
    expect(countsA.translations).toBe(60 * 2 + 5 * 2 + 3 * 2 + 1 + 3 + 9);

    const tables = ['pages', 'blogs', 'articles', 'menus', 'menu_items', 'metafields', 'metaobject_definitions', 'metaobjects', 'selling_plan_groups', 'selling_plans'];
    const tableCounts = await Promise.all(tables.map(async (table) => Number((await sql<{ n: string }>(`select count(*) as n from ${table} where shop_id = ?`, [shopA.id]))[0].n)));
    expect(tableCounts).toEqual([3, 1, 3, 1, 9, countsA.metafields, 1, 3, 1, 3]);
    const subscribed = productsA.filter((p) => ['Socks', 'Candles'].includes(p.productType));
    expect(subscribed.length).toBeGreaterThan(0);
    const [offers] = await sql<{ n: string }>('select count(*) as n from selling_plan_group_products where shop_id = ?', [shopA.id]);
    expect(Number(offers.n)).toBe(subscribed.length);
  });

  it('reads pages by handle and id', async () => {
    const ctx = ctxOf(shopA);
    const [about, missing, contact] = await Promise.all(['about', 'nope', 'contact'].map((handle) => reads.pageByHandle(ctx, handle)));
    expect(about).toMatchObject({ handle: 'about', title: 'About us', seoTitle: null, seoDescription: expect.any(String) });
    expect(about!.bodySummary).toMatch(/^Our story We started/);
    expect(missing).toBeNull();
    expect(await Promise.all([contact!.id, about!.id].map((id) => reads.page(ctxOf(shopA), id)))).toEqual([contact, about]);
  });

  it('reads the blog and its articles by handle', async () => {
    const ctx = ctxOf(shopA);
    const news = await reads.blogByHandle(ctx, 'news');
    expect(news).toMatchObject({ handle: 'news', title: 'News' });
    const generated = generateShopData(1, { products: 0, customers: 0, orders: 0 }).content.blogs[0].articles;
    const [first, none] = await Promise.all([reads.articleByHandle(ctx, news!.id, generated[0].handle), reads.articleByHandle(ctx, 999_999_999, generated[0].handle)]);
    expect(none).toBeNull();
    expect(first).toMatchObject({
      blogId: news!.id,
      authorName: generated[0].authorName,
      tags: generated[0].tags,
      imageUrl: null,
      imageFileKey: expect.stringMatching(new RegExp(`^shops/${shopA.id}/public/media/[a-z0-9]+\\.jpg$`)),
      imageWidth: generated[0].image.width,
      imageHeight: generated[0].image.height,
      imageAltText: generated[0].title,
      publishedAt: generated[0].publishedAt,
    });
    expect((await reads.articleByHandle(ctx, news!.id, 'caring-for-wool'))!.title).toBe('Caring for wool: a short guide');
  });

  it('reads the main menu with its nested items in one statement', async () => {
    const ctx = ctxOf(shopA);
    const { result, count } = await reading('menu_items', () => Promise.all([reads.menuByHandle(ctx, 'main-menu'), reads.menuByHandle(ctx, 'footer')]));
    expect(count).toBe(1);
    const [menu, footer] = result;
    expect(footer).toBeNull();
    expect(menu!.itemsCount).toBe(9);
    expect(menu!.items.map((i) => i.type)).toEqual(['FRONTPAGE', 'CATALOG', 'BLOG', 'PAGE', 'SEARCH']);
    const collections = await sql<{ id: string; handle: string }>('select id, handle from collections where shop_id = ?', [shopA.id]);
    const collectionId = (handle: string) => Number(collections.find((c) => c.handle === handle)!.id);
    const shop = menu!.items[1];
    expect(shop.items.map((i) => [i.title, i.type, i.resourceId])).toEqual([
      ['Apparel', 'COLLECTION', collectionId('apparel')],
      ['Home & Living', 'COLLECTION', collectionId('home-living')],
      ['Accessories', 'COLLECTION', collectionId('accessories')],
      ['Sale', 'COLLECTION', collectionId('sale')],
    ]);
    expect(shop.items.every((i) => i.items.length === 0)).toBe(true);
    const about = await reads.pageByHandle(ctx, 'about');
    expect(menu!.items[3]).toMatchObject({ title: 'About us', resourceId: about!.id });
    expect(menu!.items[4]).toMatchObject({ type: 'SEARCH', url: '/search', resourceId: null });
  });

  it("reads many products' metafields by identifier in one statement, aligned with the identifiers", async () => {
    const ctx = ctxOf(shopA);
    const identifiers = [
      { namespace: 'custom', key: 'material' },
      { namespace: 'custom', key: 'missing' },
      { namespace: 'custom', key: 'designer' },
    ];
    const { result, count } = await reading('metafields', () => Promise.all(productsA.map((p) => metafields.metafieldsByIdentifiers(ctx, 'PRODUCT', p.id, identifiers))));
    expect(count).toBe(1);
    expect(result).toHaveLength(60);
    const generated = [...generateShopData(1, { products: 60, customers: 0, orders: 0 }).products()].flat();
    result.forEach(([material, missing, designer], i) => {
      expect(material).toMatchObject({ ownerType: 'PRODUCT', ownerId: productsA[i].id, type: 'single_line_text_field', value: generated[i].metafields[0].value });
      expect(missing).toBeNull();
      expect(designer!.value).toMatch(/^gid:\/\/platform\/Metaobject\/\d+$/);
    });
    const [announcement] = await metafields.metafieldsByIdentifiers(ctx, 'SHOP', shopA.id, [{ namespace: 'custom', key: 'announcement' }]);
    expect(announcement!.value).toBe('Free shipping on US orders over $75');
  });

  it('reads metaobjects by id and handle, with field types from the definition', async () => {
    const ctx = ctxOf(shopA);
    const ada = await reads.metaobjectByHandle(ctx, 'designer', 'ada-lane');
    expect(ada!.fields).toEqual([
      { key: 'name', type: 'single_line_text_field', value: 'Ada Lane' },
      { key: 'bio', type: 'multi_line_text_field', value: expect.stringContaining('weaver') },
      { key: 'website', type: 'url', value: 'https://example.com/designers/ada-lane' },
    ]);
    const [mira, none] = await Promise.all([reads.metaobjectByHandle(ctx, 'designer', 'mira-solberg'), reads.metaobjectByHandle(ctx, 'brand', 'mira-solberg')]);
    expect(none).toBeNull();
    expect(await reads.metaobject(ctx, mira!.id)).toEqual(mira);
    // A product's designer reference resolves to a metaobject of the shop.
    const [designer] = await metafields.metafieldsByIdentifiers(ctx, 'PRODUCT', productsA[0].id, [{ namespace: 'custom', key: 'designer' }]);
    const referenced = await reads.metaobject(ctx, Number(designer!.value.split('/').pop()));
    expect(referenced!.type).toBe('designer');
  });

  it("reads a page of many products' selling plan groups with their plans in two statements", async () => {
    const ctx = ctxOf(shopA);
    const page = pageRequest({ first: 5 });
    const { result, count } = await reading('selling_plan', () => Promise.all(productsA.map((p) => planReads.groupsOfProduct(ctx, p.id, page))));
    expect(count).toBe(2);
    result.forEach((groups, i) => {
      const subscribed = ['Socks', 'Candles'].includes(productsA[i].productType);
      expect(groups.items.map((g) => g.record.name)).toEqual(subscribed ? ['Subscribe and save'] : []);
    });
    const group = result.find((g) => g.items.length > 0)!.items[0].record;
    expect(group.options).toEqual([{ name: 'Delivery every', values: ['1 week', '2 weeks', '4 weeks'] }]);
    expect(group.sellingPlans.map((p) => [p.deliveryPolicy, p.priceAdjustments])).toEqual(
      [1, 2, 4].map((n) => [{ interval: 'WEEK', intervalCount: n }, [{ orderCount: null, adjustmentValue: { type: 'percentage', value: '10' } }]]),
    );
  });

  it("keeps a second shop's rows apart: no reads of shop A's rows", async () => {
    expect(countsB).toMatchObject({ products: 8, pages: 3, articles: 3, metaobjects: 3, translations: 8 * 2 + 5 * 2 + 3 * 2 + 1 + 3 + 9 });
    const [a, b] = [ctxOf(shopA), ctxOf(shopB)];
    const [aboutA, aboutB] = await Promise.all([reads.pageByHandle(a, 'about'), reads.pageByHandle(b, 'about')]);
    expect(aboutB!.id).not.toBe(aboutA!.id);
    const newsA = await reads.blogByHandle(a, 'news');
    const articleA = await reads.articleByHandle(a, newsA!.id, 'caring-for-wool');
    const designerA = await reads.metaobjectByHandle(a, 'designer', 'ada-lane');
    const [menuA, menuB] = await Promise.all([reads.menuByHandle(a, 'main-menu'), reads.menuByHandle(b, 'main-menu')]);
    const [metafieldA] = await metafields.metafieldsByIdentifiers(a, 'PRODUCT', productsA[0].id, [{ namespace: 'custom', key: 'material' }]);
    // Shop B asks for shop A's rows by id (and by A's blog): it gets nothing.
    expect(
      await Promise.all([
        reads.page(b, aboutA!.id),
        reads.blog(b, newsA!.id),
        reads.article(b, articleA!.id),
        reads.articleByHandle(b, newsA!.id, 'caring-for-wool'),
        reads.menu(b, menuA!.id),
        reads.metaobject(b, designerA!.id),
        metafields.metafieldsByIds(b, [metafieldA!.id]).then(([found]) => found),
      ]),
    ).toEqual([null, null, null, null, null, null, null]);
    expect(await metafields.metafieldsByIdentifiers(b, 'PRODUCT', productsA[0].id, [{ namespace: 'custom', key: 'material' }])).toEqual([null]);
    const groupsB = await Promise.all(productsA.map((p) => planReads.groupsOfProduct(b, p.id, pageRequest({ first: 5 }))));
    expect(groupsB.every((g) => g.items.length === 0)).toBe(true);
    // Lists of shop B hold only its own rows.
    const listed = await Promise.all([reads.pages(b, pageRequest({ first: 50 }), 'ID'), reads.articles(b, pageRequest({ first: 50 }), 'ID'), reads.metaobjects(b, 'designer', pageRequest({ first: 50 }))]);
    const ownIds = async (table: string) => (await sql<{ id: string }>(`select id from ${table} where shop_id = ?`, [shopB.id])).map((r) => Number(r.id));
    for (const [i, table] of ['pages', 'articles', 'metaobjects'].entries()) {
      const own = await ownIds(table);
      expect(listed[i].items.length).toBeGreaterThan(0);
      expect(listed[i].items.every((item) => own.includes(item.record.id))).toBe(true);
    }
    expect(menuB!.items[1].items.map((i) => i.resourceId)).not.toEqual(menuA!.items[1].items.map((i) => i.resourceId));

    // Every child row belongs to its parent's shop.
    const strays = await sql(
      `select 'article' as kind, a.id from articles a join blogs b on b.id = a.blog_id where a.shop_id <> b.shop_id
       union all select 'menu item', i.id from menu_items i join menus m on m.id = i.menu_id where i.shop_id <> m.shop_id
       union all select 'nested item', i.id from menu_items i join menu_items p on p.id = i.parent_id where i.shop_id <> p.shop_id or i.menu_id <> p.menu_id
       union all select 'metaobject', o.id from metaobjects o join metaobject_definitions d on d.id = o.definition_id where o.shop_id <> d.shop_id or o.type <> d.type
       union all select 'plan', s.id from selling_plans s join selling_plan_groups g on g.id = s.group_id where s.shop_id <> g.shop_id
       union all select 'offer', gp.id from selling_plan_group_products gp join selling_plan_groups g on g.id = gp.group_id
         join products p on p.id = gp.product_id where gp.shop_id <> g.shop_id or gp.shop_id <> p.shop_id`,
    );
    expect(strays).toEqual([]);
  });

  it("refuses links to another shop's blogs and pages, and handles taken", async () => {
    const [a, b] = [ctxOf(shopA), ctxOf(shopB)];
    const newsA = await reads.blogByHandle(a, 'news');
    await expect(content.importArticles(b, [{ blogId: newsA!.id, handle: 'intruder', title: 'Intruder' }])).rejects.toMatchObject({
      code: 'NOT_FOUND',
      field: 'blogId',
    });
    const aboutA = await reads.pageByHandle(a, 'about');
    await expect(content.importMenus(b, [{ handle: 'footer', title: 'Footer', items: [{ title: 'About', type: 'PAGE', resourceId: aboutA!.id }] }])).rejects.toMatchObject({
      code: 'NOT_FOUND',
      field: 'resourceId',
    });
    await expect(content.importPages(b, [{ handle: 'about', title: 'Again' }])).rejects.toMatchObject({ code: 'TAKEN', field: 'handle' });
    await expect(metaobjects.importMetaobjects(b, [{ type: 'brand', handle: 'x', fields: {} }])).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      metafields.importMetafields(b, [{ ownerType: 'SHOP', ownerId: shopB.id, namespace: 'custom', key: 'announcement', type: 'single_line_text_field', value: 'x' }]),
    ).rejects.toMatchObject({ code: 'TAKEN' });

    // What is refused writes nothing; a valid footer menu nests under the page of its own shop.
    const aboutB = await reads.pageByHandle(b, 'about');
    const [footer] = await content.importMenus(b, [
      { handle: 'footer', title: 'Footer', items: [{ title: 'Help', type: 'HTTP', url: '/pages/shipping', items: [{ title: 'About', type: 'PAGE', resourceId: aboutB!.id }] }] },
    ]);
    const read = await reads.menuByHandle(ctxOf(shopB), 'footer');
    expect(read!.items[0].items[0]).toMatchObject({ id: footer.itemIds[1], resourceId: aboutB!.id });
  });
});
