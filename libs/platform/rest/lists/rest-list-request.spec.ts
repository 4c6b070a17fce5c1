import { DomainError } from '@platform/errors';
import { cursorCodec } from '@platform/paging';
import { encodePageInfo } from './page-info.js';
import { type RestListing, restListRequest } from './rest-list-request.js';

const WIDGETS: RestListing = { scope: { connection: 'rest.widgets', sortKey: 'ID' }, cursor: ['bigint'], filters: ['since_id', 'vendor'] };
const cursorAt = (id: number) => cursorCodec(WIDGETS.scope, WIDGETS.cursor).encode([id]);
const pageInfo = (filters: Record<string, string> = {}, cursor = cursorAt(10), direction: 'next' | 'previous' = 'next') => encodePageInfo({ direction, filters, cursor });

function refusal(query: Record<string, unknown>): { parameter?: string; message: string; kind: string } {
  try {
    restListRequest(WIDGETS, query);
  } catch (error) {
    if (error instanceof DomainError) return { parameter: error.field, message: error.message, kind: error.kind };
    throw error;
  }
  throw new Error('not refused');
}

describe('REST list request', () => {
  it('defaults to the first 50 rows, every field, no filter', () => {
    expect(restListRequest(WIDGETS, {})).toEqual({
      page: { forward: true, size: 50, cursor: undefined, reverse: false },
      limit: 50,
      fields: null,
      filters: {},
      sinceId: null,
    });
  });

  it('reads limit, fields, the listing filters and since_id, and ignores parameters it does not know', () => {
    const list = restListRequest(WIDGETS, { limit: '250', fields: ' id, title,,', since_id: '42', vendor: 'Acme', utm_source: 'x' });
    expect(list).toMatchObject({ limit: 250, fields: ['id', 'title'], filters: { since_id: '42', vendor: 'Acme' }, sinceId: 42, page: { size: 250 } });
  });

  it.each([['0'], ['251'], ['-1'], ['1.5'], ['ten'], [''], ['99999']])('refuses limit=%s', (limit) => {
    expect(refusal({ limit })).toEqual({ parameter: 'limit', message: 'Invalid value.', kind: 'BAD_REQUEST' });
  });

  it.each([['-1'], ['abc'], ['9007199254740992'], ['1e3'], ['']])('refuses since_id=%s', (since_id) => {
    expect(refusal({ since_id })).toEqual({ parameter: 'since_id', message: 'Invalid value.', kind: 'BAD_REQUEST' });
  });

  it('refuses a parameter given twice', () => {
    expect(refusal({ limit: ['1', '2'] })).toMatchObject({ parameter: 'limit' });
    expect(refusal({ page_info: [pageInfo(), pageInfo()] })).toMatchObject({ parameter: 'page_info' });
  });

  it('continues from a page_info with its filters, in its direction, with the limit and fields given beside it', () => {
    const list = restListRequest(WIDGETS, { page_info: pageInfo({ since_id: '3' }, cursorAt(10), 'previous'), limit: '5', fields: 'id' });
    expect(list).toEqual({
      page: { forward: false, size: 5, cursor: cursorAt(10), reverse: false },
      limit: 5,
      fields: ['id'],
      filters: { since_id: '3' },
      sinceId: 3,
    });
  });

  it('refuses a filter beside a page_info: it combines only with limit and fields', () => {
    expect(refusal({ page_info: pageInfo(), since_id: '1' })).toEqual({ parameter: 'page_info', message: 'Invalid value.', kind: 'BAD_REQUEST' });
    expect(refusal({ page_info: pageInfo(), vendor: 'Acme' })).toMatchObject({ parameter: 'page_info' });
  });

  it.each([
    ['not base64url', 'abc$'],
    ['not JSON', Buffer.from('[next').toString('base64url')],
    ['not a list of three', Buffer.from('["next",{}]').toString('base64url')],
    ['another direction', Buffer.from(JSON.stringify(['up', {}, 'x'])).toString('base64url')],
    ['filters that are not strings', pageInfo({ since_id: 1 } as never)],
    ['a filter this list does not have', pageInfo({ status: 'open' })],
    ['a filter named __proto__', Buffer.from(`["next",{"__proto__":"1"},"${cursorAt(1)}"]`).toString('base64url')],
    ['an empty cursor', pageInfo({}, '')],
    ["another list's cursor", pageInfo({}, cursorCodec({ connection: 'rest.gadgets', sortKey: 'ID' }, ['bigint']).encode([10]))],
    ['a cursor of another sort', pageInfo({}, cursorCodec(WIDGETS.scope, ['text', 'bigint']).encode(['a', 10]))],
    ['a tampered cursor', pageInfo({}, `${cursorAt(10)}x`)],
    ['an invalid since_id it carries', pageInfo({ since_id: 'x' })],
    ['more than 64 KiB', 'a'.repeat(65_537)],
    // Its filters skip the pipeline's check of query parameters: text Postgres cannot take is refused here.
    ['a filter holding a NUL byte', pageInfo({ vendor: 'a\u0000' })],
    ['a filter holding a lone surrogate', pageInfo({ vendor: 'a\ud800' })],
  ])('refuses a page_info with %s', (_case, page_info) => {
    expect(refusal({ page_info })).toMatchObject({ parameter: expect.stringMatching(/^(page_info|since_id)$/), kind: 'BAD_REQUEST' });
  });
});
