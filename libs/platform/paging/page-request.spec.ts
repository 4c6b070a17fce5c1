import { listSize, pageRequest } from './page-request.js';
import { idOfType, parseGlobalId, requireGlobalId, toGlobalId } from '@platform/ids';

describe('pageRequest', () => {
  it('reads forward and backward pages', () => {
    expect(pageRequest({ first: 10, after: 'c' })).toEqual({ forward: true, size: 10, cursor: 'c', reverse: false });
    expect(pageRequest({ last: 5, before: 'c', reverse: true })).toEqual({ forward: false, size: 5, cursor: 'c', reverse: true });
  });

  it.each([
    [{}, /one of first or last/],
    [{ first: 1, last: 1 }, /both first and last/],
    [{ first: 251 }, /at most 250/],
    [{ last: -1 }, /non-negative/],
    [{ first: 1, before: 'x' }, /before can only be used with last/],
    [{ last: 1, after: 'x' }, /after can only be used with first/],
  ])('refuses %j', (input, message) => {
    expect(() => pageRequest(input)).toThrow(message);
  });
});

describe('global ids', () => {
  it('round-trips', () => {
    expect(toGlobalId('Product', 42)).toBe('gid://platform/Product/42');
    expect(parseGlobalId('gid://platform/Product/42')).toEqual({ type: 'Product', id: 42 });
    expect(parseGlobalId('gid://other/Product/42')).toBeNull();
    expect(requireGlobalId('gid://platform/Product/42', 'Product')).toBe(42);
    expect(() => requireGlobalId('gid://platform/Collection/42', 'Product')).toThrow(/Invalid global id/);
  });
});

describe('listSize', () => {
  it("checks a plain list's first as a page size: absent asks for all, 0 to 250 as given, others refused naming it", () => {
    expect(listSize(undefined)).toBeUndefined();
    expect(listSize(null)).toBeUndefined();
    expect(listSize(0)).toBe(0);
    expect(listSize(250)).toBe(250);
    for (const bad of [-1, 251, 1.5]) {
      expect(() => listSize(bad)).toThrow(expect.objectContaining({ code: 'INVALID_PAGINATION', field: 'first', extensions: { argument: 'first' } }));
    }
  });
});

describe('idOfType', () => {
  it.each([
    ['gid://platform/CompanyLocation/12', 12],
    ['gid://platform/Company/12', null],
    ['gid://platform/CompanyLocation/0', null],
    ['gid://platform/CompanyLocation/99999999999999999999', null],
    ['gid://platform/CompanyLocation/12?x=1', null],
    ['12', null],
    ['', null],
    [null, null],
    [undefined, null],
    [12, null],
  ])('%s names CompanyLocation %s', (gid, expected) => {
    expect(idOfType(gid, 'CompanyLocation')).toBe(expected);
  });
});
