import v8 from 'node:v8';

/**
 * How much the old generation may grow past what survived the last full collection, in percent. V8 picks
 * up to 300% when memory is plentiful (its heap limit follows the machine's memory), and under concurrent
 * load most of what reaches the old generation is request garbage that outlived two scavenges: the server
 * held 2–4 times its live heap. 50% keeps it near its live size for a few more full collections, which find
 * little alive (docs/performance.md, "Memory"). Not a cap: a larger live heap still grows.
 */
export const HEAP_GROWING_PERCENT = 50;

/**
 * The flags node runs the API process with (`npm start`, and the bench as `npm start` does). A semi-space of at most
 * 8 MiB (V8's default on a machine this size is 16) keeps the young generation at 16 MiB instead of 32 and the
 * request garbage of a burst from being held in both halves: about 50 MiB less RSS under the listing's load and
 * 90 MiB less under 250-order REST pages, at the same CPU per request (docs/performance.md, "Memory"). V8 sizes the
 * young generation when the process starts, so these cannot be set from inside it as the growing percent is.
 */
export const API_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=8'];

/**
 * The environment the API and worker processes start with (`npm start`, `npm run worker`, the image, the bench). glibc
 * gives each thread that allocates an arena of its own, up to 8 per core, and keeps what was freed in it: libvips'
 * threads and libuv's pool, decoding and transforming images, left about 35 MiB more RSS after 72 transforms; with 2
 * arenas, 14 MiB (docs/performance.md, "Memory"). Read by the C library at start: it cannot be set from inside.
 */
export const PROCESS_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2' };

/** `PROCESS_ENV` as a shell's assignments before a command (`npm start`'s script). */
export function processEnvPrefix(): string {
  return Object.entries(PROCESS_ENV)
    .map(([name, value]) => `${name}=${value}`)
    .join(' ');
}

/** Applies the heap policy to this process; V8 reads the flag at every full collection, so setting it at start is enough. */
export function applyHeapPolicy(): void {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
