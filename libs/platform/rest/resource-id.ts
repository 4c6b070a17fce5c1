import { notFound } from '@platform/errors';

/**
 * The id of a REST path (`customers/<id>.json`): a positive integer Postgres and JavaScript both hold exactly.
 * Anything else (`abc`, `1.5`, `0`, 99999999999999999999) names no resource: 404, as an unknown id does.
 */
export function resourceId(text: string): number {
  const id = /^[1-9]\d{0,15}$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(id)) throw notFound();
  return id;
}
