import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { type BenchProducts, benchJpeg } from './bench-products.js';
import { type Target, table } from './report.js';
import type { ServerProcess } from './server-process.js';
import { GROWTH_LIMIT_PERCENT } from './soak.js';
import { timed } from './timed-calls.js';

/** One run of downloads: `images` created by REST from a loopback server's URLs, until every one is READY. */
export interface DownloadFigure {
  images: number;
  /** The REST creates, first sent to last answered. */
  createSeconds: number;
  /** From the first create sent to the last image READY. */
  seconds: number;
  imagesPerSecond: number;
  /** Images the platform could not keep (FAILED): a failure of the bench. */
  failed: number;
  /** The platform's RSS before the run, and its peak during it: its process runs the `media` queue's jobs (role `all`). */
  rssBeforeMiB: number;
  peakRssMiB: number;
}

/** The loopback server's host name, which the platform's outbound client is allowed to reach (OUTBOUND_ALLOWED_PRIVATE_HOSTS). */
export const LOOPBACK_HOST = 'localhost';
// Creates sent at once, as a merchant's import script would, each to a product of its own: creates of one product take
// turns on its lock, and every count runs with the same spread. A product holds at most 250 images.
const IN_FLIGHT = 10;
const MAX_IMAGES_PER_PRODUCT = 250;
const POLL_MS = 100;
const TIMEOUT_MS = 10 * 60_000;

/**
 * For each count, that many images created by REST (`src`) on new products, each from its own URL of a loopback
 * server answering the bench JPEG; the platform downloads them through its outbound client in jobs of the `media`
 * queue. Timed from the first create to the last image READY (the database polled every POLL_MS), with the
 * platform's peak RSS meanwhile.
 */
export async function measureDownloads(platform: ServerProcess, products: BenchProducts, databaseUrl: string, counts: number[]): Promise<DownloadFigure[]> {
  const most = Math.max(...counts);
  if (most > IN_FLIGHT * MAX_IMAGES_PER_PRODUCT) throw new Error(`bench: ${most} downloads do not fit ${IN_FLIGHT} products of ${MAX_IMAGES_PER_PRODUCT} images`);
  const jpeg = await benchJpeg();
  const server = http.createServer((_request, response) => response.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const origin = `http://${LOOPBACK_HOST}:${(server.address() as AddressInfo).port}`;
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const figures: DownloadFigure[] = [];
    for (const [run, images] of counts.entries()) {
      const productIds: number[] = [];
      for (let i = 0; i < IN_FLIGHT; i++) productIds.push(await products.create(`Bench downloads ${run + 1}.${i + 1}`));
      const rssBefore = platform.rssBytes();
      platform.startSampling();
      const started = process.hrtime.bigint();
      const createSeconds = await timed(images, IN_FLIGHT, (i) => products.fromSource(productIds[i % productIds.length]!, `${origin}/images/${run}-${i}.jpg`));
      const failed = await settled(db, productIds, images);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      figures.push({
        images,
        createSeconds: round(createSeconds),
        seconds: round(seconds),
        imagesPerSecond: Math.round(images / seconds),
        failed,
        rssBeforeMiB: Math.round(rssBefore / 2 ** 20),
        peakRssMiB: platform.stopSampling(),
      });
    }
    return figures;
  } finally {
    await db.end();
    server.close();
  }
}

// Waits until every image of the products is READY or FAILED; answers how many FAILED.
async function settled(db: pg.Client, productIds: number[], images: number): Promise<number> {
  const deadline = Date.now() + TIMEOUT_MS;
  for (;;) {
    const { rows } = await db.query<{ ready: number; failed: number }>(
      `select count(*) filter (where status = 'READY')::int as ready, count(*) filter (where status = 'FAILED')::int as failed
        from product_images where product_id = any($1::bigint[])`,
      [productIds],
    );
    const { ready, failed } = rows[0]!;
    if (ready + failed >= images) return failed;
    if (Date.now() > deadline) throw new Error(`bench: ${images - ready - failed} of ${images} downloads still running after ${TIMEOUT_MS / 1000} s`);
    await sleep(POLL_MS);
  }
}

/** The downloads' lines of the report. */
export function formatDownloads(figures: DownloadFigure[]): string {
  const rows = figures.map((f) => [String(f.images), String(f.createSeconds), String(f.seconds), String(f.imagesPerSecond), String(f.failed), String(f.rssBeforeMiB), String(f.peakRssMiB)]);
  const header = ['images', 'creates s', 'all READY s', 'images/s', 'failed', 'RSS before MiB', 'peak RSS MiB'];
  return `Downloads: images created by REST from a loopback server's URLs, downloaded by the platform's media jobs:\n${table(header, rows, 0)}`;
}

/** Peak RSS flat from the fewest images to the most (within the soak's growth limit); no target for one count. */
export function downloadTargets(figures: DownloadFigure[]): Target[] {
  const [fewest, most] = [figures[0], figures.at(-1)];
  if (!fewest || !most || fewest === most) return [];
  const growth = Math.round((most.peakRssMiB / fewest.peakRssMiB - 1) * 1000) / 10;
  return [{
    target: `image-downloads peak RSS flat from ${fewest.images} to ${most.images} images (within ${GROWTH_LIMIT_PERCENT}%)`,
    measured: `${fewest.peakRssMiB} then ${most.peakRssMiB} MiB (${growth >= 0 ? '+' : ''}${growth}%)`,
    met: growth <= GROWTH_LIMIT_PERCENT,
  }];
}

const round = (n: number) => Math.round(n * 100) / 100;
