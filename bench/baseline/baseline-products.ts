import type pg from 'pg';

// Scenario 5 on the baseline: the merchant's `products(first:)` with `variants(first:)` as a bare server answers
// them, with the same JSON as the platform (the bench compares before measuring): a page of products in id order,
// every product's first variants in one statement. Its schema and resolver join the customers' admin schema. No auth,
// cost, throttle or validation.

const SQL = {
  products: {
    name: 'b_admin_products_first',
    text: `select p.id, p.title, p.handle, p.status, p.vendor, p.total_inventory from products p where p.shop_id = $1 order by p.id limit $2`,
  },
  variantPages: {
    name: 'b_admin_product_variant_pages',
    text: `select * from (select v.id, v.product_id, v.title, v.sku, v.price::text as price, v.inventory_quantity,
        row_number() over (partition by v.product_id order by v.position, v.id) as rn
      from product_variants v where v.shop_id = $1 and v.product_id = any($2::bigint[])) x where x.rn <= $3 order by x.product_id, x.rn`,
  },
};

/** The admin GraphQL schema's products part, added to the customers' (one admin endpoint). */
export const PRODUCTS_SDL = `
  extend type Query { products(first: Int!): ProductConnection! }
  type ProductConnection { edges: [ProductEdge!]! pageInfo: PageInfo! }
  type ProductEdge { node: Product! }
  type Product { id: ID! title: String! handle: String! status: String! vendor: String! totalInventory: Int! variants(first: Int!): ProductVariantConnection! }
  type ProductVariantConnection { edges: [ProductVariantEdge!]! }
  type ProductVariantEdge { node: ProductVariant! }
  type ProductVariant { id: ID! title: String! sku: String price: String! inventoryQuantity: Int }
`;

type Row = Record<string, any>;

/** The root of the products part of the baseline's admin GraphQL. */
export function productsRoot(pool: pg.Pool, shop: { id: string }): Record<string, unknown> {
  return {
    async products({ first }: { first: number }) {
      const { rows } = await pool.query(SQL.products, [shop.id, first + 1]);
      const products = rows.slice(0, first);
      // One statement for every product's variants, whatever page of variants they ask (the query asks one).
      let variants: Promise<Map<string, Row[]>> | undefined;
      const variantsOf = (size: number) =>
        (variants ??= pool.query(SQL.variantPages, [shop.id, products.map((p) => p.id), size]).then((r) => {
          const byProduct = new Map<string, Row[]>();
          for (const row of r.rows) {
            const list = byProduct.get(String(row.product_id));
            if (list) list.push(row);
            else byProduct.set(String(row.product_id), [row]);
          }
          return byProduct;
        }));
      return {
        edges: products.map((p) => ({
          node: {
            id: `gid://platform/Product/${p.id}`, title: p.title, handle: p.handle, status: String(p.status).toUpperCase(), vendor: p.vendor, totalInventory: p.total_inventory,
            async variants({ first: size }: { first: number }) {
              const page = (await variantsOf(size)).get(String(p.id)) ?? [];
              return { edges: page.map((v) => ({ node: { id: `gid://platform/ProductVariant/${v.id}`, title: v.title, sku: v.sku, price: v.price, inventoryQuantity: v.inventory_quantity } })) };
            },
          },
        })),
        pageInfo: { hasNextPage: rows.length > first },
      };
    },
  };
}
