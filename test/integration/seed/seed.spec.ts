import { MikroORM } from '@mikro-orm/postgresql';
import { Test, type TestingModule } from '@nestjs/testing';
import { ConfigModule, loadConfig } from '@platform/config';
import { verifyPassword } from '@platform/customers';
import { DatabaseModule, migrateDatabase } from '@platform/database';
import { LoggingModule, createLogger } from '@platform/logging';
import { type RequestContext, SystemContextModule, SystemContexts } from '@platform/request';
import { DEMO_CUSTOMER_EMAIL, DEMO_CUSTOMER_PASSWORD, DEMO_SEED_OPTIONS, type SeedCounts, SeedModule, SeedService, generateShopData } from '@platform/seed';
import { FILE_STORAGE, type FileStorage } from '@platform/storage';
import { ShopService, type ShopSnapshot, TenancyModule } from '@platform/tenancy';
import { MIGRATIONS } from '../../../migrations/index.js';
import { createEmptyTestDatabase } from '../../support/test-database.js';

const MY_TABLES = [
  'products',
  'product_options',
  'product_variants',
  'product_images',
  'collections',
  'collection_products',
  'customers',
  'customer_addresses',
  'orders',
  'order_line_items',
  'order_transactions',
  'refunds',
  'refund_line_items',
  'order_fulfillments',
  'order_fulfillment_line_items',
];


describe('seeding shops on Postgres', () => {
  let database: Awaited<ReturnType<typeof createEmptyTestDatabase>>;
  let moduleRef: TestingModule;
  let orm: MikroORM;
  let applied: string[];
  let seeder: SeedService;
  let shopA: ShopSnapshot;
  let shopB: ShopSnapshot;
  let a: RequestContext;
  let b: RequestContext;
  let countsA: SeedCounts;

  // Rows are read with SQL: the test checks what the seed stored, not what a context's entities map.
  const sql = async <T extends object>(query: string, params: unknown[] = []) => orm.em.getConnection().execute<T[]>(query, params);
  const count = async (table: string, shop: ShopSnapshot, where = 'true') =>
    Number((await sql<{ n: string }>(`select count(*) as n from ${table} where shop_id = ? and ${where}`, [shop.id]))[0]!.n);
  const one = async <T extends object>(query: string, params: unknown[]) => (await sql<T>(query, params))[0]!;

  beforeAll(async () => {
    database = await createEmptyTestDatabase();
    moduleRef = await Test.createTestingModule({
      imports: [
        ConfigModule.forRoot(loadConfig({})),
        LoggingModule.forRoot(createLogger('silent')),
        DatabaseModule.forRoot({ url: database.url, migrations: MIGRATIONS, poolSize: 4 }),
        TenancyModule,
        SystemContextModule,
        SeedModule,
      ],
    }).compile();
    orm = moduleRef.get(MikroORM);
    applied = await migrateDatabase(orm);
    seeder = moduleRef.get(SeedService);
    const shops = moduleRef.get(ShopService);
    shopA = await shops.create({ handle: 'seed-a' });
    shopB = await shops.create({ handle: 'seed-b', currency: 'CAD' });
    a = moduleRef.get(SystemContexts).forShop(shopA);
    b = moduleRef.get(SystemContexts).forShop(shopB);
    countsA = await seeder.seed(a, { ...DEMO_SEED_OPTIONS });
  });

  afterAll(async () => {
    await moduleRef?.close();
    await database.drop();
  });

  it('applies the catalog, customers and orders migration', () => {
    expect(applied).toEqual(MIGRATIONS.map((m) => m.name));
  });

  it("creates the entities' columns, types, nullability, checks and indexes exactly", async () => {
    const diff = await orm.schema.getUpdateSchemaSQL({ wrap: false });
    // Known, deliberate differences: plain ids instead of ORM relations (so the ORM knows no foreign keys),
    // identity columns instead of bigserial, SQL defaults the entities fill in themselves, and the search
    // vector's and the option value ids' triggers (kept by the database, unknown to the ORM).
    const unexplained = diff
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => MY_TABLES.some((t) => line.includes(`"${t}"`)))
      .filter((line) => !/drop constraint "\w+_fkey"/.test(line))
      .filter((line) => !/(drop column "id"|add "id" bigserial primary key)/.test(line))
      .filter((line) => !/alter column "(created_at|updated_at|tags|tax_exemptions|email_marketing_consent|shipping_lines)" drop default/.test(line))
      .filter((line) => !/(products_search_vector_trigger|product_option_value_ids_trigger)/.test(line));
    expect(unexplained).toEqual([]);
  });

  it('seeds the demo sizes and reports what it wrote', async () => {
    expect(countsA).toMatchObject({ collections: 5, products: 60, customers: 60, orders: 40 });
    expect(countsA.variants).toBeGreaterThanOrEqual(120);
    expect(countsA.variants).toBeLessThanOrEqual(300);

    expect(await count('products', shopA)).toBe(60);
    expect(await count('product_variants', shopA)).toBe(countsA.variants);
    expect(await count('collections', shopA)).toBe(5);
    expect(await count('customers', shopA)).toBe(60);
    expect(await count('orders', shopA)).toBe(40);

    const [rows] = await sql<Record<string, string>>(
      `select (select count(*) from product_images where shop_id = ?) as images,
              (select count(*) from customer_addresses where shop_id = ?) as addresses,
              (select count(*) from order_line_items where shop_id = ?) as line_items`,
      [shopA.id, shopA.id, shopA.id],
    );
    expect(rows).toEqual({ images: String(countsA.images), addresses: String(countsA.addresses), line_items: String(countsA.lineItems) });
  });

  it('stores what the generator made, field for field', async () => {
    const data = generateShopData(DEMO_SEED_OPTIONS.seed, DEMO_SEED_OPTIONS);
    const [generated] = [...data.products()].flat();
    const product = await one<Record<string, unknown>>(
      `select id, title, description_html as "descriptionHtml", vendor, product_type as "productType", tags, status, published_at as "publishedAt"
         from products where shop_id = ? and handle = ?`,
      [shopA.id, generated.handle],
    );
    expect(product).toMatchObject({
      title: generated.title,
      descriptionHtml: generated.descriptionHtml,
      vendor: generated.vendor,
      productType: generated.productType,
      tags: generated.tags,
      status: generated.status,
      publishedAt: generated.publishedAt,
    });
    const options = await sql('select name, values from product_options where product_id = ? order by position', [product.id]);
    expect(options).toEqual(generated.options);
    const variants = await sql<{ title: string; sku: string; price: string; compareAtPrice: string | null; option1: string | null; option2: string | null; option3: string | null }>(
      `select title, sku, price, compare_at_price as "compareAtPrice", option1, option2, option3 from product_variants where product_id = ? order by position`,
      [product.id],
    );
    expect(
      variants.map((v) => ({ sku: v.sku, price: v.price, compareAtPrice: v.compareAtPrice, options: [v.option1, v.option2, v.option3].filter((x) => x !== null) })),
    ).toEqual(generated.variants.map((v) => ({ sku: v.sku, price: v.price, compareAtPrice: v.compareAtPrice, options: v.options })));
    expect(variants.map((v) => v.title)).toEqual(generated.variants.map((v) => v.options.join(' / ')));
    // The seed's pictures are files the shop keeps (drawn locally), one per look, shared by the images of that look.
    const images = await sql<{ src: string; file_key: string; alt: string; width: number; mime_type: string }>(
      'select src, file_key, alt, width, mime_type from product_images where product_id = ? order by position',
      [product.id],
    );
    expect(images.map((i) => [i.src, i.alt, i.width, i.mime_type])).toEqual(generated.images.map((i) => ['', i.alt, 800, 'image/jpeg']));
    for (const image of images) expect(image.file_key).toMatch(new RegExp(`^shops/${shopA.id}/public/media/[a-z0-9]+\\.jpg$`));
    const files = await sql<{ n: string; keys: string }>('select count(*) as n, count(distinct file_key) as keys from product_images where shop_id = ?', [shopA.id]);
    expect(Number(files[0]!.keys)).toBeLessThan(Number(files[0]!.n));

    const [demoCustomer] = [...data.customers()].flat();
    const customer = await one<{ id: string; consent: unknown }>('select id, email_marketing_consent as consent from customers where shop_id = ? and email = ?', [
      shopA.id,
      DEMO_CUSTOMER_EMAIL,
    ]);
    expect(customer.consent).toEqual(demoCustomer.emailMarketingConsent);
    const addresses = await sql<{ address1: string; isDefault: boolean }>(
      'select address1, is_default as "isDefault" from customer_addresses where customer_id = ? order by id',
      [customer.id],
    );
    expect(addresses.map((a) => a.address1)).toEqual(demoCustomer.addresses!.map((a) => a.address1));
    expect(addresses.map((a) => a.isDefault)).toEqual(demoCustomer.addresses!.map((_, i) => i === 0));
  });

  it("keeps the articles' covers as the shop's files, drawn locally: no external image URL is left in the demo shop", async () => {
    const generated = generateShopData(DEMO_SEED_OPTIONS.seed, DEMO_SEED_OPTIONS).content.blogs[0].articles;
    const articles = await sql<{ title: string; image_url: string | null; image_file_key: string; image_width: number; image_height: number; image_alt_text: string }>(
      'select title, image_url, image_file_key, image_width, image_height, image_alt_text from articles where shop_id = ? order by id',
      [shopA.id],
    );
    expect(articles.map((a) => [a.title, a.image_url, a.image_width, a.image_height, a.image_alt_text])).toEqual(generated.map((a) => [a.title, null, 1200, 800, a.title]));
    for (const article of articles) expect(article.image_file_key).toMatch(new RegExp(`^shops/${shopA.id}/public/media/[a-z0-9]+\\.jpg$`));
    expect(new Set(articles.map((a) => a.image_file_key)).size).toBe(articles.length);
    const storage = moduleRef.get<FileStorage>(FILE_STORAGE, { strict: false });
    expect(await Promise.all(articles.map((a) => storage.exists(a.image_file_key)))).toEqual(articles.map(() => true));
    // Offline, a picture on another host would not load: neither articles nor products name one (picsum or any other).
    const external = await sql(
      `select 'article' as kind, id, image_url as url from articles where shop_id = ? and image_url is not null
       union all select 'product image', id, src from product_images where shop_id = ? and (src ~* '^https?:' or src ~* 'picsum')`,
      [shopA.id, shopA.id],
    );
    expect(external).toEqual([]);
  });

  it('stores 2-5 variants per product, collections with products, and exact money', async () => {
    const perProduct = await sql<{ n: string }>('select count(*) as n from product_variants where shop_id = ? group by product_id', [shopA.id]);
    expect(perProduct).toHaveLength(60);
    expect(perProduct.every((r) => Number(r.n) >= 2 && Number(r.n) <= 5)).toBe(true);

    const members = await sql<{ handle: string; n: string }>(
      `select c.handle, count(cp.id) as n from collections c left join collection_products cp on cp.collection_id = c.id
        where c.shop_id = ? group by c.handle`,
      [shopA.id],
    );
    expect(members.every((m) => Number(m.n) > 0)).toBe(true);

    const variant = await one<{ price: string; compareAtPrice: string }>(
      'select price, compare_at_price as "compareAtPrice" from product_variants where shop_id = ? and compare_at_price is not null limit 1',
      [shopA.id],
    );
    expect(variant.price).toMatch(/^\d+\.\d{2}$/);
    expect(variant.compareAtPrice).toMatch(/^\d+\.\d{2}$/);
  });

  it("keeps orders' totals equal to their lines plus tax, and customers' totals equal to their orders", async () => {
    const wrongOrders = await sql(
      `select o.id from orders o join order_line_items l on l.order_id = o.id where o.shop_id = ?
        group by o.id having o.subtotal_price <> sum(l.price * l.quantity) or o.total_price <> o.subtotal_price + o.total_tax`,
      [shopA.id],
    );
    expect(wrongOrders).toEqual([]);
    const unlinked = await sql(`select id from order_line_items where shop_id = ? and (variant_id is null or product_id is null)`, [shopA.id]);
    expect(unlinked).toEqual([]);
    // A line snapshots its variant's SKU and its product's vendor (REST line_items sku/vendor, the orders `sku:` search).
    const unsnapshotted = await sql(
      `select l.id from order_line_items l join product_variants v on v.id = l.variant_id join products p on p.id = l.product_id
        where l.shop_id = ? and (l.sku is distinct from v.sku or l.vendor is distinct from p.vendor)`,
      [shopA.id],
    );
    expect(unsnapshotted).toEqual([]);

    const wrongCustomers = await sql(
      `select c.id from customers c left join orders o on o.customer_id = c.id where c.shop_id = ?
        group by c.id having c.orders_count <> count(o.id)
            or c.total_spent <> coalesce(sum(o.total_price) filter (where o.cancelled_at is null), 0)`,
      [shopA.id],
    );
    expect(wrongCustomers).toEqual([]);
    // The last order is the customer's newest (REST last_order_id / last_order_name, GraphQL lastOrder).
    const wrongLast = await sql(
      `select c.id from customers c
         left join lateral (select o.id, o.name, o.processed_at from orders o where o.customer_id = c.id order by o.processed_at desc, o.id desc limit 1) o on true
        where c.shop_id = ? and (c.last_order_id is distinct from o.id or c.last_order_name is distinct from o.name or c.last_order_at is distinct from o.processed_at)`,
      [shopA.id],
    );
    expect(wrongLast).toEqual([]);
    const [{ with_orders }] = await sql<{ with_orders: string }>('select count(*) as with_orders from customers where shop_id = ? and orders_count > 0', [shopA.id]);
    expect(Number(with_orders)).toBeGreaterThan(0);
    expect(Number(with_orders)).toBeLessThan(60);
  });

  it('gives enabled customers the demo password and leaves invited and disabled ones without', async () => {
    const demo = await one<{ state: string; passwordHash: string }>('select state, password_hash as "passwordHash" from customers where shop_id = ? and email = ?', [
      shopA.id,
      DEMO_CUSTOMER_EMAIL,
    ]);
    expect(demo.state).toBe('enabled');
    expect(await verifyPassword(DEMO_CUSTOMER_PASSWORD, demo.passwordHash)).toBe(true);
    expect(await verifyPassword('wrong-password', demo.passwordHash)).toBe(false);
    expect(await count('customers', shopA, "state = 'invited'")).toBeGreaterThan(0);
    expect(await count('customers', shopA, "state = 'disabled'")).toBeGreaterThan(0);
    expect(await count('customers', shopA, "state <> 'enabled' and password_hash is not null")).toBe(0);
  });

  it('seeds customers in every state, with unique E.164 phones, SMS consent, tags, notes, tax exemptions and more than ten addresses for some', async () => {
    for (const state of ['enabled', 'invited', 'disabled', 'declined']) expect({ state, n: await count('customers', shopA, `state = '${state}'`) > 0 }).toEqual({ state, n: true });
    const [phones] = await sql<Record<string, string>>(
      `select count(phone) as phones, count(distinct phone) as distinct_phones, count(*) filter (where phone !~ '^\\+[1-9][0-9]{6,14}$') as not_e164,
              count(*) filter (where (phone is null) <> (sms_marketing_consent is null)) as consent_without_phone
         from customers where shop_id = ?`,
      [shopA.id],
    );
    expect(Number(phones.phones)).toBeGreaterThan(20);
    expect(phones).toMatchObject({ distinct_phones: phones.phones, not_e164: '0', consent_without_phone: '0' });
    const sms = await sql<{ state: string }>(`select distinct sms_marketing_consent->>'state' as state from customers where shop_id = ? and phone is not null order by 1`, [shopA.id]);
    expect(sms.map((r) => r.state)).toEqual(['not_subscribed', 'subscribed', 'unsubscribed']);
    expect(await count('customers', shopA, 'cardinality(tags) > 0')).toBeGreaterThan(0);
    expect(await count('customers', shopA, 'note is not null')).toBeGreaterThan(0);
    expect(await count('customers', shopA, 'tax_exempt and cardinality(tax_exemptions) = 1')).toBeGreaterThan(0);
    const many = await sql<{ n: string }>('select count(*) as n from customer_addresses where shop_id = ? group by customer_id having count(*) > 10', [shopA.id]);
    expect(many.length).toBeGreaterThanOrEqual(3);
    expect(many.every((r) => Number(r.n) >= 12 && Number(r.n) <= 15)).toBe(true);
    // Customers have open, closed and cancelled orders.
    const [kinds] = await sql<Record<string, string>>(
      `select count(*) filter (where cancelled_at is not null) as cancelled, count(*) filter (where closed_at is not null and cancelled_at is null) as closed,
              count(*) filter (where closed_at is null) as open
         from orders where shop_id = ? and customer_id is not null`,
      [shopA.id],
    );
    for (const kind of ['cancelled', 'closed', 'open']) expect({ kind, some: Number(kinds[kind]) > 0 }).toEqual({ kind, some: true });
  });

  it("keeps a second shop's rows apart, with the same handles allowed per shop", async () => {
    // Same seed: the same handles, SKUs and emails, which must not clash with shop A's.
    const countsB = await seeder.seed(b, { seed: 1, products: 8, customers: 5, orders: 4, currency: 'CAD' });
    expect(countsB).toMatchObject({ products: 8, customers: 5, orders: 4 });

    expect(await count('products', shopA)).toBe(60);
    expect(await count('products', shopB)).toBe(8);
    expect(await count('customers', shopB)).toBe(5);
    expect(await count('orders', shopB, "currency <> 'CAD'")).toBe(0);
    const { handle } = await one<{ handle: string }>('select handle from products where shop_id = ? order by id limit 1', [shopA.id]);
    expect(await count('products', shopB, `handle = '${handle}'`)).toBe(1);

    // Every child row belongs to its parent's shop; shop B's orders point only at shop B's rows.
    const strays = await sql(
      `select 'variant' as kind, v.id from product_variants v join products p on p.id = v.product_id where v.shop_id <> p.shop_id
       union all select 'membership', cp.id from collection_products cp join collections c on c.id = cp.collection_id join products p on p.id = cp.product_id
         where cp.shop_id <> c.shop_id or cp.shop_id <> p.shop_id
       union all select 'address', ad.id from customer_addresses ad join customers c on c.id = ad.customer_id where ad.shop_id <> c.shop_id
       union all select 'order', o.id from orders o join customers c on c.id = o.customer_id where o.shop_id <> c.shop_id
       union all select 'line', l.id from order_line_items l join orders o on o.id = l.order_id join product_variants v on v.id = l.variant_id
         where l.shop_id <> o.shop_id or l.shop_id <> v.shop_id`,
    );
    expect(strays).toEqual([]);
  });
});
