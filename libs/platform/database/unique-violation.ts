/**
 * The name of the unique constraint or index `error` violated, or null when it is another error. Reads Postgres'
 * own fields (SQLSTATE 23505 and the constraint's name), which node-postgres and MikroORM's exceptions both carry,
 * never the message's wording.
 */
export function uniqueViolation(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  return code === '23505' ? (typeof constraint === 'string' ? constraint : '') : null;
}
