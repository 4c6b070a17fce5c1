import type { NewMenuItem } from './content.inputs.js';
import { MAX_MENU_DEPTH, menuRows, menuTree } from './menu.rules.js';

const link = (title: string, items?: NewMenuItem[]): NewMenuItem => ({ title, type: 'HTTP', url: `/${title.toLowerCase().replace(/ /g, '-')}`, items });

describe('menuRows', () => {
  it('flattens the tree depth first with parents, depths and 1-based sibling positions', () => {
    const { menu, items } = menuRows({
      handle: 'main-menu',
      title: ' Main menu ',
      items: [
        { title: 'Home', type: 'FRONTPAGE' },
        { title: 'Shop', type: 'CATALOG', items: [{ title: 'Sale', type: 'COLLECTION', resourceId: 4, tags: ['summer'] }, link('Gifts', [link('Under 50')])] },
        { title: 'About', type: 'PAGE', resourceId: 9 },
      ],
    });
    expect(menu).toEqual({ handle: 'main-menu', title: 'Main menu' });
    expect(items.map((i) => [i.title, i.parent, i.depth, i.position])).toEqual([
      ['Home', null, 1, 1],
      ['Shop', null, 1, 2],
      ['Sale', 1, 2, 1],
      ['Gifts', 1, 2, 2],
      ['Under 50', 3, 3, 1],
      ['About', null, 1, 3],
    ]);
    expect(items[2]).toMatchObject({ type: 'COLLECTION', resourceId: 4, url: null, tags: ['summer'] });
  });

  it(`allows ${MAX_MENU_DEPTH} levels and refuses a fourth`, () => {
    expect(() => menuRows({ handle: 'm', title: 'M', items: [link('A', [link('B', [link('C')])])] })).not.toThrow();
    expect(() => menuRows({ handle: 'm', title: 'M', items: [link('A', [link('B', [link('C', [link('D')])])])] })).toThrow(
      expect.objectContaining({ field: 'menu.items[0].items[0].items[0].items', code: 'TOO_DEEP' }),
    );
    // An empty list of children at the deepest level is no fourth level.
    expect(() => menuRows({ handle: 'm', title: 'M', items: [link('A', [link('B', [link('C', [])])])] })).not.toThrow();
  });

  it.each([
    ['an HTTP item without url', { title: 'X', type: 'HTTP' }, 'menu.items[0].url'],
    ['a resource item without id', { title: 'X', type: 'PRODUCT' }, 'menu.items[0].resourceId'],
    ['an id on a fixed item', { title: 'X', type: 'SEARCH', resourceId: 3 }, 'menu.items[0].resourceId'],
    ['a script url', { title: 'X', type: 'HTTP', url: 'javascript:alert(1)' }, 'menu.items[0].url'],
    ['tags on a page item', { title: 'X', type: 'PAGE', resourceId: 3, tags: ['a'] }, 'menu.items[0].tags'],
    ['an unknown type', { title: 'X', type: 'LINK' }, 'menu.items[0].type'],
    ['a blank title', { title: ' ', type: 'SEARCH' }, 'menu.items[0].title'],
  ])('refuses %s', (_label, item, field) => {
    expect(() => menuRows({ handle: 'm', title: 'M', items: [item as NewMenuItem] })).toThrow(expect.objectContaining({ kind: 'UNPROCESSABLE', field }));
  });
});

describe('menuTree', () => {
  it('nests stored rows under their parents, each level by position', () => {
    const row = (id: number, parentId: number | null, position: number) => ({ id, parentId, position, title: `#${id}`, type: 'SEARCH' as const, resourceId: null, url: null, tags: [] });
    const tree = menuTree([row(5, 2, 2), row(2, null, 2), row(1, null, 1), row(4, 2, 1), row(6, 4, 1)]);
    const shape = (items: typeof tree): unknown => items.map((i) => (i.items.length ? [i.id, shape(i.items)] : i.id));
    expect(shape(tree)).toEqual([1, [2, [[4, [6]], 5]]]);
  });
});
