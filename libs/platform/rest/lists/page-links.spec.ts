import { cursorCodec, cutPage } from '@platform/paging';
import { decodePageInfo } from './page-info.js';
import { pageLinks } from './page-links.js';
import { type RestListing, restListRequest } from './rest-list-request.js';

const WIDGETS: RestListing = { scope: { connection: 'rest.widgets', sortKey: 'ID' }, cursor: ['bigint'], filters: ['since_id'] };
const codec = cursorCodec(WIDGETS.scope, WIDGETS.cursor);
const ORIGIN = 'http://shop.example:8080';
const PATH = '/admin/api/2026-10/widgets.json';

// Rows 1..7 cut the way a keyset query returns them (one extra row past the page).
function pageOf(query: Record<string, string>) {
  const list = restListRequest(WIDGETS, query);
  const position = list.page.cursor ? (codec.decode(list.page.cursor, 'page_info')[0] as number) : null;
  const ids = [1, 2, 3, 4, 5, 6, 7].filter((id) => id > (list.sinceId ?? 0));
  const walked = list.page.forward ? ids.filter((id) => position === null || id > position) : ids.reverse().filter((id) => position === null || id < position);
  return { list, page: cutPage(walked.slice(0, list.page.size + 1), list.page, (id) => codec.encode([id])) };
}

function links(header: string | undefined): Record<string, { url: URL; info: ReturnType<typeof decodePageInfo> }> {
  const found: Record<string, { url: URL; info: ReturnType<typeof decodePageInfo> }> = {};
  for (const part of header?.split(', ') ?? []) {
    const [, target, rel] = /^<([^>]+)>; rel="(next|previous)"$/.exec(part)!;
    const url = new URL(target!);
    found[rel!] = { url, info: decodePageInfo(url.searchParams.get('page_info')!) };
  }
  return found;
}

describe('REST page links', () => {
  it('has no Link header when everything fits one page', () => {
    const { list, page } = pageOf({ limit: '7' });
    expect(pageLinks(ORIGIN, PATH, list, page)).toBeUndefined();
  });

  it('links the first page to the next one only, with an absolute URL on the request origin and path', () => {
    const { list, page } = pageOf({ limit: '3', fields: 'id,title' });
    const header = pageLinks(ORIGIN, PATH, list, page);
    expect(header).toMatch(/^<http:\/\/shop\.example:8080\/admin\/api\/2026-10\/widgets\.json\?page_info=[\w-]+&limit=3&fields=id%2Ctitle>; rel="next"$/);
    expect(links(header).next!.info).toEqual({ direction: 'next', filters: {}, cursor: codec.encode([3]) });
  });

  it('walks forward and back through the pages, keeping the filters', () => {
    const seen: number[][] = [];
    let query: Record<string, string> = { limit: '2', since_id: '1' };
    let found: ReturnType<typeof links> = {};
    for (;;) {
      const { list, page } = pageOf(query);
      seen.push(page.items.map((item) => item.record));
      found = links(pageLinks(ORIGIN, PATH, list, page));
      if (seen.length > 1) expect(found.previous).toBeDefined();
      if (!found.next) break;
      expect(found.next.info.filters).toEqual({ since_id: '1' });
      query = Object.fromEntries(found.next.url.searchParams);
    }
    expect(seen).toEqual([[2, 3], [4, 5], [6, 7]]);
    // And back from the last page.
    const back = pageOf(Object.fromEntries(found.previous!.url.searchParams));
    expect(back.page.items.map((item) => item.record)).toEqual([4, 5]);
    expect(Object.keys(links(pageLinks(ORIGIN, PATH, back.list, back.page)))).toEqual(['next', 'previous']);
  });
});
