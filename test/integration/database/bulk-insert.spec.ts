import { UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { DatabaseModule, SqlPool, insertRows, preparedSql } from '@platform/database';
import type { RequestContext } from '@platform/request';
import type { ShopSnapshot } from '@platform/tenancy';
import { ProductImage } from '../../../libs/catalog/src/product-image.entity.js';
import { Product } from '../../../libs/catalog/src/product.entity.js';
import { type ContextTestModule, createContextTestModule } from '../../support/context-test-module.js';

// The kernel's multi-row insert: the ORM's conversions, bound values, the ids in row order, the ORM's exceptions.
describe('insertRows', () => {
  let t: ContextTestModule;
  let sql: SqlPool;
  let shop: ShopSnapshot;
  let ctx: RequestContext;

  beforeAll(async () => {
    t = await createContextTestModule([DatabaseModule.forFeature([Product, ProductImage])]);
    sql = t.moduleRef.get(SqlPool);
    shop = await t.createShop('bulk-insert');
    ctx = t.ctxOf(shop);
  });
  afterAll(() => t.close());

  it('writes what the ORM would (arrays, decimals, dates, nulls, JSON, defaults) and answers the ids in row order', async () => {
    const published = new Date('2026-11-29T12:34:56.789Z');
    const tags = ['a,b', '"quoted"', '{brace}', 'back\\slash', 'é ü', ''];
    const ids = await ctx.em.transactional((em) =>
      insertRows(em, Product, [
        { shopId: shop.id, handle: 'first', title: 'First', tags, minPrice: '12.30', publishedAt: published, seoTitle: undefined },
        { shopId: shop.id, handle: 'second', title: "It's", tags: [], minPrice: '0.01', publishedAt: null, seoTitle: 'SEO' },
      ]),
    );
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBeGreaterThan(ids[0]!);
    const rows = await sql.rows<{ id: number; handle: string; title: string; tags: string[]; min_price: string; published_at: Date | null; seo_title: string | null; status: string }>(
      ctx,
      preparedSql('select id, handle, title, tags, min_price, published_at, seo_title, status from products where shop_id = $1 order by id'),
      [shop.id],
    );
    expect(rows).toEqual([
      { id: ids[0], handle: 'first', title: 'First', tags, min_price: '12.30', published_at: published, seo_title: null, status: 'active' },
      { id: ids[1], handle: 'second', title: "It's", tags: [], min_price: '0.01', published_at: null, seo_title: 'SEO', status: 'active' },
    ]);
  });

  it('writes a JSON array as JSON (not a Postgres array), and a missing one as the column default', async () => {
    const errors = [{ code: 'IMAGE_DOWNLOAD_FAILURE', message: "it's gone", details: null }];
    const ids = await ctx.em.transactional((em) =>
      insertRows(em, ProductImage, [
        { shopId: shop.id, src: 'https://example.com/a.png', status: 'FAILED', mediaErrors: errors },
        { shopId: shop.id, src: 'https://example.com/b.png', status: undefined, mediaErrors: undefined },
      ]),
    );
    const rows = await sql.rows<{ id: number; status: string; media_errors: unknown }>(
      ctx,
      preparedSql('select id, status, media_errors from product_images where shop_id = $1 and id = any($2::bigint[]) order by id'),
      [shop.id, ids],
    );
    expect(rows).toEqual([
      { id: ids[0], status: 'FAILED', media_errors: errors },
      { id: ids[1], status: 'READY', media_errors: [] },
    ]);
  });

  it('binds the values: the statement is prepared with placeholders, once per shape', async () => {
    const statements = await ctx.em.transactional(async (em) => {
      await insertRows(em, Product, [{ shopId: shop.id, handle: 'bound-1', title: "Robert'); drop table products; --" }]);
      await insertRows(em, Product, [{ shopId: shop.id, handle: 'bound-2', title: 'Two' }]);
      // The transaction's connection, where the inserts were prepared (the ORM's own query: it names no shop).
      return em.execute<{ statement: string }[]>(`select statement from pg_prepared_statements where statement like 'insert into "products"%'`);
    });
    const shape = 'insert into "products" ("shop_id", "handle", "title") values ($1, $2, $3) returning id';
    expect(statements.filter((s) => s.statement === shape)).toHaveLength(1);
    expect(statements.filter((s) => s.statement.includes('Robert'))).toEqual([]);
    const [row] = await sql.rows<{ title: string }>(ctx, preparedSql('select title from products where shop_id = $1 and handle = $2'), [shop.id, 'bound-1']);
    expect(row!.title).toBe("Robert'); drop table products; --");
  });

  it("fails as the ORM's insert did: a taken handle is its UniqueConstraintViolationException, and nothing of the batch stays", async () => {
    await expect(
      ctx.em.transactional((em) =>
        insertRows(em, Product, [
          { shopId: shop.id, handle: 'fresh', title: 'Fresh' },
          { shopId: shop.id, handle: 'first', title: 'Taken' },
        ]),
      ),
    ).rejects.toBeInstanceOf(UniqueConstraintViolationException);
    const rows = await sql.rows(ctx, preparedSql('select id from products where shop_id = $1 and handle = $2'), [shop.id, 'fresh']);
    expect(rows).toEqual([]);
  });

  it('writes nothing and answers no ids for no rows', async () => {
    await expect(ctx.em.transactional((em) => insertRows(em, Product, []))).resolves.toEqual([]);
  });
});
