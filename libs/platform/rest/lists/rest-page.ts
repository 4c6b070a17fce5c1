import type { FastifyReply } from 'fastify';
import type { ListPage } from '@platform/paging';
import { selectFields } from './fields.js';
import { pageLinks } from './page-links.js';
import type { RestListRequest } from './rest-list-request.js';

/**
 * A list's answer: `{ [key]: objects }`, each record serialized and cut to the request's `fields`, with the page's
 * `Link` header set on `reply` (URLs on `origin`, the RequestContext's, and the path the request came in on).
 */
export function restPage<T>(
  reply: FastifyReply,
  origin: string,
  list: RestListRequest,
  page: ListPage<T>,
  key: string,
  serialize: (record: T) => Record<string, unknown>,
): Record<string, unknown[]> {
  const links = pageLinks(origin, reply.request.url.split('?')[0]!, list, page);
  if (links) reply.header('Link', links);
  return { [key]: page.items.map((item) => selectFields(serialize(item.record), list.fields)) };
}
