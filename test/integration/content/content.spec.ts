import { MikroORM } from '@mikro-orm/postgresql';
import { Test, type TestingModule } from '@nestjs/testing';
import { Product } from '@platform/catalog';
import { ConfigModule, loadConfig } from '@platform/config';
import {
  Article,
  Blog,
  ContentService,
  Market,
  MarketsService,
  Menu,
  MenuItem,
  Metafield,
  MetafieldsService,
  Metaobject,
  MetaobjectDefinition,
  MetaobjectsService,
  Page,
  SellingPlan,
  SellingPlanGroup,
  SellingPlanGroupProduct,
  StorefrontSellingPlansService,
  Translation,
  TranslationsService,
  convertPrice,
} from '@platform/content';
import { DatabaseModule, SqlReader, forkForShop, migrateDatabase } from '@platform/database';
import { pageRequest } from '@platform/graphql';
import { LoggingModule, createLogger } from '@platform/logging';
import { type RequestContext, SystemContextModule, SystemContexts } from '@platform/request';
import { DEMO_SEED_OPTIONS, type SeedCounts, SeedModule, SeedService, generateShopData } from '@platform/seed';
import { ShopService, type ShopSnapshot, TenancyModule } from '@platform/tenancy';
import { MIGRATIONS } from '../../../migrations/index.js';
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
  'translations',
  'markets',
];


describe('content, custom data, selling plans, translations and markets on Postgres', () => {
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
  let translations: TranslationsService;
  let markets: MarketsService;
  let productsA: Product[];
  let storefrontPlans: StorefrontSellingPlansService;
  let ctxA: () => RequestContext;
  let ctxB: () => RequestContext;

  const sql = async <T extends object>(query: string, params: unknown[] = []) => orm.em.getConnection().execute<T[]>(query, params);
  // Statements the ORM sends while `work` runs (every EntityManager fork shares the one connection).
  const statements = async <T>(work: () => Promise<T>): Promise<{ result: T; count: number }> => {
    const connection = orm.em.getConnection();
    const execute = connection.execute;
    let count = 0;
    connection.execute = function (this: typeof connection, ...args: Parameters<typeof execute>) {
      count += 1;
      return execute.apply(this, args);
    } as typeof execute;
    try {
      return { result: await work(), count };
    } finally {
      connection.execute = execute;
    }
  };
  // Statements the storefront's SQL reader runs while `work` runs.
  const sqlStatements = async <T>(work: () => Promise<T>): Promise<{ result: T; count: number }> => {
    let count = 0;
    const stop = moduleRef.get(SqlReader).observe(() => (count += 1));
    try {
      return { result: await work(), count };
    } finally {
      stop();
    }
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
      providers: [StorefrontSellingPlansService],
    }).compile();
    orm = moduleRef.get(MikroORM);
    applied = await migrateDatabase(orm);
    [content, metafields, metaobjects, translations, markets] = [
      moduleRef.get(ContentService),
      moduleRef.get(MetafieldsService),
      moduleRef.get(MetaobjectsService),
      moduleRef.get(TranslationsService),
      moduleRef.get(MarketsService),
    ];
    const shops = moduleRef.get(ShopService);
    shopA = await shops.create({ handle: 'content-a' });
    shopB = await shops.create({ handle: 'content-b', currency: 'CAD' });
    const seeder = moduleRef.get(SeedService);
    countsA = await seeder.seed(moduleRef.get(SystemContexts).forShop(shopA), { ...DEMO_SEED_OPTIONS, customers: 0, orders: 0 });
    // Same seed: the same handles, which must not clash with shop A's.
    countsB = await seeder.seed(moduleRef.get(SystemContexts).forShop(shopB), { seed: 1, products: 8, customers: 0, orders: 0, currency: 'CAD' });
    storefrontPlans = moduleRef.get(StorefrontSellingPlansService);
    // A new context per read, as each request has its own (DataLoaders live for one request).
    ctxA = () => moduleRef.get(SystemContexts).forShop(shopA);
    ctxB = () => moduleRef.get(SystemContexts).forShop(shopB);
    productsA = await forkForShop(orm.em, shopA.id).find(Product, {}, { orderBy: { id: 'asc' }, disableIdentityMap: true });
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

    const em = forkForShop(orm.em, shopA.id);
    const tableCounts = await Promise.all(
      [Page, Blog, Article, Menu, MenuItem, Metafield, MetaobjectDefinition, Metaobject, SellingPlanGroup, SellingPlan, Translation, Market].map((e) => em.count(e as typeof Page, {})),
    );
    expect(tableCounts).toEqual([3, 1, 3, 1, 9, countsA.metafields, 1, 3, 1, 3, countsA.translations, 3]);
    const subscribed = productsA.filter((p) => ['Socks', 'Candles'].includes(p.productType));
    expect(subscribed.length).toBeGreaterThan(0);
    expect(await em.count(SellingPlanGroupProduct, {})).toBe(subscribed.length);
  });

  it('reads pages by handle and id', async () => {
    const [about, missing, contact] = await content.pagesByHandles(shopA.id, ['about', 'nope', 'contact']);
    expect(about).toMatchObject({ handle: 'about', title: 'About us', seo: { title: null, description: expect.any(String) } });
    expect(about!.bodySummary).toMatch(/^Our story We started/);
    expect(missing).toBeNull();
    expect(await content.pagesByIds(shopA.id, [contact!.id, about!.id])).toEqual([contact, about]);
  });

  it('reads the blog and its articles by handle', async () => {
    const [news] = await content.blogsByHandles(shopA.id, ['news']);
    expect(news).toMatchObject({ handle: 'news', title: 'News' });
    const generated = generateShopData(1, { products: 0, customers: 0, orders: 0 }).content.blogs[0].articles;
    const [first, none] = await content.articlesByHandles(shopA.id, [
      { blogId: news!.id, handle: generated[0].handle },
      { blogId: 999_999_999, handle: generated[0].handle },
    ]);
    expect(none).toBeNull();
    expect(first).toMatchObject({
      blogId: news!.id,
      authorName: generated[0].authorName,
      tags: generated[0].tags,
      image: { url: generated[0].image!.url, altText: generated[0].title },
      publishedAt: generated[0].publishedAt,
    });
    const [byHandle] = await content.articlesByHandles(shopA.id, [{ blogId: news!.id, handle: 'caring-for-wool' }]);
    expect(byHandle!.title).toBe('Caring for wool: a short guide');
  });

  it('reads the main menu with its nested items in two statements', async () => {
    const { result, count } = await statements(() => content.menusByHandles(shopA.id, ['main-menu', 'footer']));
    expect(count).toBe(2);
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
    const [about] = await content.pagesByHandles(shopA.id, ['about']);
    expect(menu!.items[3]).toMatchObject({ title: 'About us', resourceId: about!.id });
    expect(menu!.items[4]).toMatchObject({ type: 'SEARCH', url: '/search', resourceId: null });
  });

  it("reads many products' metafields by identifier in one statement, aligned with the identifiers", async () => {
    const ids = productsA.map((p) => p.id);
    const identifiers = [
      { namespace: 'custom', key: 'material' },
      { namespace: 'custom', key: 'missing' },
      { namespace: 'custom', key: 'designer' },
    ];
    const { result, count } = await statements(() => metafields.metafieldsFor(shopA.id, 'PRODUCT', ids, identifiers));
    expect(count).toBe(1);
    expect(result).toHaveLength(60);
    const generated = [...generateShopData(1, { products: 60, customers: 0, orders: 0 }).products()].flat();
    result.forEach(([material, missing, designer], i) => {
      expect(material).toMatchObject({ ownerType: 'PRODUCT', ownerId: ids[i], type: 'single_line_text_field', value: generated[i].metafields[0].value });
      expect(missing).toBeNull();
      expect(designer!.value).toMatch(/^gid:\/\/platform\/Metaobject\/\d+$/);
    });
    const [shop] = await metafields.metafieldsFor(shopA.id, 'SHOP', [shopA.id], [{ namespace: 'custom', key: 'announcement' }]);
    expect(shop[0]!.value).toBe('Free shipping on US orders over $75');
  });

  it('reads metaobjects by id and handle, with field types from the definition', async () => {
    const [ada] = await metaobjects.metaobjectsByHandles(shopA.id, [{ type: 'designer', handle: 'ada-lane' }]);
    expect(ada!.fields).toEqual([
      { key: 'name', type: 'single_line_text_field', value: 'Ada Lane' },
      { key: 'bio', type: 'multi_line_text_field', value: expect.stringContaining('weaver') },
      { key: 'website', type: 'url', value: 'https://example.com/designers/ada-lane' },
    ]);
    const [mira, none] = await metaobjects.metaobjectsByHandles(shopA.id, [
      { type: 'designer', handle: 'mira-solberg' },
      { type: 'brand', handle: 'mira-solberg' },
    ]);
    expect(none).toBeNull();
    expect(await metaobjects.metaobjectsByIds(shopA.id, [mira!.id])).toEqual([mira]);
    // A product's designer reference resolves to a metaobject of the shop.
    const [[designer]] = await metafields.metafieldsFor(shopA.id, 'PRODUCT', [productsA[0].id], [{ namespace: 'custom', key: 'designer' }]);
    const [referenced] = await metaobjects.metaobjectsByIds(shopA.id, [Number(designer!.value.split('/').pop())]);
    expect(referenced!.type).toBe('designer');
  });

  it("reads a page of many products' selling plan groups with their plans in two statements", async () => {
    const ctx = ctxA();
    const page = pageRequest({ first: 5 });
    const { result, count } = await sqlStatements(() => Promise.all(productsA.map((p) => storefrontPlans.groupsOfProduct(ctx, p.id, page))));
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

  it("reads many resources' French translations in one statement", async () => {
    const ids = productsA.map((p) => p.id);
    const { result, count } = await statements(() => translations.translationsFor(shopA.id, 'PRODUCT', ids, 'FR'));
    expect(count).toBe(1);
    const generated = [...generateShopData(1, { products: 60, customers: 0, orders: 0 }).products()].flat();
    result.forEach((fields, i) => {
      expect(fields).toEqual(Object.fromEntries(generated[i].translations.map((t) => [t.key, t.value])));
    });
    expect(await translations.translationsFor(shopA.id, 'PRODUCT', ids.slice(0, 2), 'de')).toEqual([{}, {}]);
    const [about] = await content.pagesByHandles(shopA.id, ['about']);
    expect((await translations.translationsFor(shopA.id, 'PAGE', [about!.id], 'fr'))[0].title).toBe('À propos');
  });

  it('reads markets and the market of a country, and converts prices with it exactly', async () => {
    const all = await markets.marketsOf(shopA.id);
    expect(all.map((m) => [m.handle, m.currency, m.primary, m.languages, m.exchangeRate, m.rounding])).toEqual([
      ['us', 'USD', true, ['en'], '1', null],
      ['ca', 'CAD', false, ['en', 'fr'], '1.35', '0.99'],
      ['fr', 'EUR', false, ['fr'], '0.92', null],
    ]);
    const ca = await markets.marketForCountry(shopA.id, 'ca');
    expect(ca).toMatchObject({ handle: 'ca', defaultLanguage: 'en' });
    expect((await markets.marketForCountry(shopA.id, 'FR'))!.handle).toBe('fr');
    // A country no market sells to gets the primary market.
    expect((await markets.marketForCountry(shopA.id, 'DE'))!.handle).toBe('us');
    const [variant] = await sql<{ price: string }>('select price from product_variants where shop_id = ? order by id limit 1', [shopA.id]);
    const cad = convertPrice(variant.price, ca!);
    expect(cad).toMatch(/\.99$/);
    expect(Number(cad)).toBeGreaterThanOrEqual(Number(variant.price) * 1.35);
  });

  it("keeps a second shop's rows apart: its own markets in its currency, and no reads of shop A's rows", async () => {
    expect(countsB).toMatchObject({ products: 8, pages: 3, articles: 3, metaobjects: 3, translations: 8 * 2 + 5 * 2 + 3 * 2 + 1 + 3 + 9 });
    expect((await markets.marketsOf(shopB.id)).map((m) => [m.handle, m.primary, m.exchangeRate])).toEqual([
      ['ca', true, '1'],
      ['us', false, '0.740741'],
      ['fr', false, '0.681481'],
    ]);
    const [aboutA] = await content.pagesByHandles(shopA.id, ['about']);
    const [aboutB] = await content.pagesByHandles(shopB.id, ['about']);
    expect(aboutB!.id).not.toBe(aboutA!.id);
    expect(await content.pagesByIds(shopB.id, [aboutA!.id])).toEqual([null]);
    expect(await metafields.metafieldsFor(shopB.id, 'PRODUCT', [productsA[0].id], [{ namespace: 'custom', key: 'material' }])).toEqual([[null]]);
    expect(await translations.translationsFor(shopB.id, 'PRODUCT', [productsA[0].id], 'fr')).toEqual([{}]);
    const ctx = ctxB();
    const groupsB = await Promise.all(productsA.map((p) => storefrontPlans.groupsOfProduct(ctx, p.id, pageRequest({ first: 5 }))));
    expect(groupsB.every((g) => g.items.length === 0)).toBe(true);
    const [designerA] = await metaobjects.metaobjectsByHandles(shopA.id, [{ type: 'designer', handle: 'ada-lane' }]);
    expect(await metaobjects.metaobjectsByIds(shopB.id, [designerA!.id])).toEqual([null]);
    const [menuB] = await content.menusByHandles(shopB.id, ['main-menu']);
    const [menuA] = await content.menusByHandles(shopA.id, ['main-menu']);
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

  it("refuses links to another shop's blogs and pages, a country in two markets, and handles taken", async () => {
    const [newsA] = await content.blogsByHandles(shopA.id, ['news']);
    await expect(content.importArticles(shopB.id, [{ blogId: newsA!.id, handle: 'intruder', title: 'Intruder' }])).rejects.toMatchObject({
      code: 'NOT_FOUND',
      field: 'blogId',
    });
    const [aboutA] = await content.pagesByHandles(shopA.id, ['about']);
    await expect(
      content.importMenus(shopB.id, [{ handle: 'footer', title: 'Footer', items: [{ title: 'About', type: 'PAGE', resourceId: aboutA!.id }] }]),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', field: 'resourceId' });
    await expect(content.importPages(shopB.id, [{ handle: 'about', title: 'Again' }])).rejects.toMatchObject({ code: 'TAKEN', field: 'handle' });
    await expect(
      markets.importMarkets(shopB.id, [{ handle: 'north-america', name: 'North America', countries: ['MX', 'US'], currency: 'USD', languages: ['en'] }]),
    ).rejects.toMatchObject({ code: 'TAKEN', field: 'markets[0].countries' });
    await expect(
      markets.importMarkets(shopB.id, [{ handle: 'mx', name: 'Mexico', countries: ['MX'], currency: 'MXN', languages: ['es'], primary: true }]),
    ).rejects.toMatchObject({ code: 'TAKEN', field: 'markets[0].primary' });
    await expect(metaobjects.importMetaobjects(shopB.id, [{ type: 'brand', handle: 'x', fields: {} }])).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      metafields.importMetafields(shopB.id, [{ ownerType: 'SHOP', ownerId: shopB.id, namespace: 'custom', key: 'announcement', type: 'single_line_text_field', value: 'x' }]),
    ).rejects.toMatchObject({ code: 'TAKEN' });

    // What is refused writes nothing; a valid footer menu nests under the page of its own shop.
    const [aboutB] = await content.pagesByHandles(shopB.id, ['about']);
    const [footer] = await content.importMenus(shopB.id, [
      { handle: 'footer', title: 'Footer', items: [{ title: 'Help', type: 'HTTP', url: '/pages/shipping', items: [{ title: 'About', type: 'PAGE', resourceId: aboutB!.id }] }] },
    ]);
    const [read] = await content.menusByHandles(shopB.id, ['footer']);
    expect(read!.items[0].items[0]).toMatchObject({ id: footer.itemIds[1], resourceId: aboutB!.id });
    expect(await forkForShop(orm.em, shopB.id).count(Market, {})).toBe(3);
  });
});
