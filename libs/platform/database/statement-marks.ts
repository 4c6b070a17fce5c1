// Comments a statement starts with, so that whoever reads Postgres' log, pg_stat_statements or a test's statement
// count can tell a request's own work from what the process sends for other reasons.

/** A statement the process sends on its own timers, outside any request (the event outbox sweeper). */
export const BACKGROUND = '/* background */';

/** The words of CACHE_FILL, for the ORM's `comments` option (which adds the comment markers itself). */
export const CACHE_FILL_NOTE = 'cache fill';

/**
 * A read that fills a ReadThroughCache (the shop of a Host, a shop's markets, the caller behind a token): which
 * request pays it depends on when the entry last expired, not on what the request asks.
 */
export const CACHE_FILL = `/* ${CACHE_FILL_NOTE} */`;
