import pLimit from 'p-limit';
import type Sharp from 'sharp';

/**
 * Decoding and encoding images (sharp), at most this many at a time in a process. Each holds a decoded image in
 * memory (up to 5,760 × 5,760 pixels) and a libuv thread while it runs: unbounded, a burst of uploads or new
 * transforms would take the memory and every thread the file reads and name lookups wait for. Two keep both cores
 * busy (libvips spreads one image over them) and leave the pool's other threads to the rest.
 */
export const IMAGE_WORK_CONCURRENCY = 2;

const limit = pLimit(IMAGE_WORK_CONCURRENCY);

/** Runs `work` when fewer than IMAGE_WORK_CONCURRENCY image jobs run; waits its turn otherwise. */
export function imageWork<T>(work: () => Promise<T>): Promise<T> {
  return limit(work);
}

let sharpLoaded: Promise<typeof Sharp> | undefined;

/**
 * sharp, loaded on the first image: libvips takes about 25 MiB of a process' memory, which one that never touches an
 * image does not pay. Its own cache of decoded images is off, so memory stays what the requests use.
 */
export function loadSharp(): Promise<typeof Sharp> {
  return (sharpLoaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  }));
}
