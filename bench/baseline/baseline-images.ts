import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';

// Scenario 7a on the baseline: a product's images as the REST list answers them (the same JSON as the platform, one
// prepared statement), and a kept image or its variant of a width served from the files directory as a bare static
// file server serves it: a stat, then a stream. The variant is the one the platform made (the bench compares the
// bytes before measuring); the baseline finds it by its name and never makes one. No auth, throttle or validation.

const SQL = {
  images: {
    name: 'b_product_images',
    text: `select i.id, i.product_id, i.position, i.created_at, i.updated_at, i.alt, i.width, i.height, i.src, i.file_key,
      coalesce((select array_agg(v.id order by v.id) from product_variants v where v.shop_id = i.shop_id and v.image_id = i.id), '{}') as variant_ids
      from product_images i where i.shop_id = $1 and i.product_id = $2 order by i.position, i.id`,
  },
};

interface ImageRow {
  id: string; product_id: string; position: number; created_at: Date; updated_at: Date; alt: string | null; width: number | null;
  height: number | null; src: string; file_key: string | null; variant_ids: string[];
}

const CONTENT_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp' };
const WIDTH = /^[1-9][0-9]{0,3}$/;

/**
 * The key of the file `?width=` asks for: the platform's variant of that width (libs/media's naming, copied: a
 * variant of a width alone is `variants/<name>/w<width>-h0-none-s1.<extension>` beside its original), or the file.
 */
export function servedKey(key: string, width: string | undefined): string {
  if (width === undefined) return key;
  const [slash, dot] = [key.lastIndexOf('/'), key.lastIndexOf('.')];
  return `${key.slice(0, slash)}/variants/${key.slice(slash + 1, dot)}/w${width}-h0-none-s1${key.slice(dot)}`;
}

/** Adds scenario 7a's routes to the baseline's Fastify app; files are read under `directory` (the platform's local storage). */
export function registerImageRoutes(app: FastifyInstance, pool: pg.Pool, shop: { id: string }, directory: string): void {
  app.get('/admin/api/:version/products/:id/images.json', async (request) => {
    const { id } = request.params as { id: string };
    const { rows } = await pool.query<ImageRow>(SQL.images, [shop.id, id]);
    const origin = `${request.protocol}://${request.host}`;
    return {
      images: rows.map((i) => ({
        id: Number(i.id), alt: i.alt, position: i.position, product_id: Number(i.product_id), created_at: i.created_at.toISOString(),
        updated_at: i.updated_at.toISOString(), admin_graphql_api_id: `gid://platform/ProductImage/${i.id}`, width: i.width, height: i.height,
        // A kept file on the caller's origin, versioned by its update time (as the platform does).
        src: i.file_key ? `${origin}/files/${i.file_key}?v=${Math.floor(i.updated_at.getTime() / 1000)}` : i.src || null,
        variant_ids: i.variant_ids.map(Number),
      })),
    };
  });

  app.get('/files/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const { width } = request.query as { width?: string };
    if (key.split('/').includes('..') || (width !== undefined && !WIDTH.test(width))) return reply.code(404).send({ errors: 'Not Found' });
    const served = servedKey(key, width);
    const path = join(directory, served);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) return reply.code(404).send({ errors: 'Not Found' });
    reply.headers({
      'content-type': CONTENT_TYPES[served.slice(served.lastIndexOf('.') + 1)] ?? 'application/octet-stream',
      'content-length': String(info.size),
      'cache-control': 'public, max-age=31536000, immutable',
    });
    return reply.send(createReadStream(path));
  });
}
