import sharp from 'sharp';
import { MAX_IMAGE_SIDE } from '@platform/media';
import { type BenchProducts, benchJpeg } from './bench-products.js';
import { type Target, table } from './report.js';
import { median, timed } from './timed-calls.js';

/** Scenario 7b: first-time transforms per second, the platform's against sharp used bare on the same input. */
export interface TransformFigures {
  /** Transforms per round: every image once, at the round's width. */
  images: number;
  rounds: number;
  inFlight: number;
  platformPerSecond: number;
  sharpPerSecond: number;
  /** The platform's throughput over sharp's: the median of the rounds' ratios. */
  ratio: number;
}

/** The platform makes first-time transforms at this share of sharp's throughput, or more (reported, not asserted). */
export const TRANSFORM_TARGET = 0.8;
// Transforms asked at once on either side: the threads libuv gives sharp by default.
const IN_FLIGHT = 4;
// libs/media's MAX_NEW_VARIANTS_PER_IMAGE: past it the platform refuses a new variant of an image.
const MAX_NEW_VARIANTS = 32;
const MAX_IMAGES_PER_PRODUCT = 250;

// No transform comes from libvips' cache, on either side (the platform turns it off: libs/media's image-inspection.ts).
sharp.cache(false);

/**
 * The warm-up's width, then each round's: a new width every round, so every request asks the platform for a variant
 * it has not made; all within the variants it makes of one image.
 */
export function roundWidths(rounds: number): number[] {
  if (rounds + 1 > MAX_NEW_VARIANTS) throw new Error(`bench: scenario 7b asks each image at ${rounds + 1} widths; the platform makes at most ${MAX_NEW_VARIANTS} of one`);
  return Array.from({ length: rounds + 1 }, (_, i) => 300 + 10 * i);
}

/**
 * `images` new images of the bench JPEG, uploaded; then in each of `rounds` rounds every one asked once at the round's
 * width from the platform (which reads the original from storage, makes the variant with sharp, keeps it and serves
 * it), IN_FLIGHT at a time, and the same transforms made by sharp used bare in this process, taking turns as the
 * outbound figures do. A warm-up of IN_FLIGHT transforms on each side comes first.
 */
export async function measureTransforms(products: BenchProducts, images: number, rounds: number): Promise<TransformFigures> {
  if (images > MAX_IMAGES_PER_PRODUCT) throw new Error(`bench: scenario 7b's ${images} images do not fit one product (${MAX_IMAGES_PER_PRODUCT})`);
  const [warmup, ...widths] = roundWidths(rounds);
  const jpeg = await benchJpeg();
  const productId = await products.create('Bench transforms');
  const paths: string[] = [];
  await timed(images, IN_FLIGHT, async (i) => (paths[i] = await products.attach(productId, jpeg)));
  const variant = (i: number, width: number) => `${paths[i]}${paths[i]!.includes('?') ? '&' : '?'}width=${width}`;
  await timed(IN_FLIGHT, IN_FLIGHT, (i) => products.served(variant(i, warmup!)));
  await timed(IN_FLIGHT, IN_FLIGHT, () => bareTransform(jpeg, warmup!));
  const platform: number[] = [];
  const bare: number[] = [];
  for (const width of widths) {
    let answer: Buffer = Buffer.alloc(0);
    platform.push(await timed(images, IN_FLIGHT, async (i) => (answer = await products.served(variant(i, width)))));
    bare.push(await timed(images, IN_FLIGHT, () => bareTransform(jpeg, width)));
    // A variant of the width asked came back, not the original.
    const made = await sharp(answer).metadata();
    if (made.width !== width) throw new Error(`bench: the platform answered width=${width} with an image ${made.width} wide`);
  }
  return {
    images,
    rounds,
    inFlight: IN_FLIGHT,
    platformPerSecond: Math.round(images / median(platform)),
    sharpPerSecond: Math.round(images / median(bare)),
    ratio: Math.round(median(platform.map((seconds, i) => bare[i]! / seconds)) * 100) / 100,
  };
}

// What the platform's variant maker does with a JPEG asked at a width (libs/media's image-variants.ts), and no more.
function bareTransform(original: Buffer, width: number): Promise<Buffer> {
  return sharp(original, { limitInputPixels: MAX_IMAGE_SIDE * MAX_IMAGE_SIDE, animated: false })
    .resize({ width, fit: 'inside', position: 'centre', withoutEnlargement: true })
    .toFormat('jpeg')
    .toBuffer();
}

/** Scenario 7b's lines of the report. */
export function formatTransforms(f: TransformFigures): string {
  const row = [String(f.rounds), String(f.images), String(f.inFlight), String(f.platformPerSecond), String(f.sharpPerSecond), `${f.ratio.toFixed(2)}x`];
  return `Scenario 7b, first-time transforms of a 1000 × 1000 JPEG to a new width (images per second):\n${table(['rounds', 'images', 'in flight', 'platform', 'sharp bare', 'ratio'], [row], 0)}`;
}

/** Scenario 7b's target, when it ran. */
export function transformTargets(f: TransformFigures | undefined): Target[] {
  if (!f) return [];
  return [{
    target: `image-transforms (7b) first-time transforms >= ${TRANSFORM_TARGET * 100}% of sharp used bare`,
    measured: `${Math.round(f.ratio * 100)}% (${f.platformPerSecond} vs ${f.sharpPerSecond} images/s)`,
    met: f.ratio >= TRANSFORM_TARGET,
  }];
}
