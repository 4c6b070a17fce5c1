import type { ListPage } from '@platform/paging';
import { type PageDirection, encodePageInfo } from './page-info.js';
import type { RestListRequest } from './rest-list-request.js';

/**
 * The RFC 8288 `Link` header of a page: `rel="next"` after its last row when more follow, `rel="previous"` before its
 * first when some precede; absolute URLs on `origin` (the request's scheme and Host) and `path`, carrying the limit,
 * the fields and a page_info. Undefined when everything fits on this page.
 */
export function pageLinks(origin: string, path: string, list: RestListRequest, page: ListPage<unknown>): string | undefined {
  const first = page.items[0];
  const last = page.items.at(-1);
  const link = (direction: PageDirection, cursor: string) => {
    const query = new URLSearchParams({ page_info: encodePageInfo({ direction, filters: list.filters, cursor }), limit: String(list.limit) });
    if (list.fields) query.set('fields', list.fields.join(','));
    return `<${origin}${path}?${query}>; rel="${direction}"`;
  };
  const links = [
    ...(page.hasNextPage && last ? [link('next', last.cursor)] : []),
    ...(page.hasPreviousPage && first ? [link('previous', first.cursor)] : []),
  ];
  return links.length > 0 ? links.join(', ') : undefined;
}
