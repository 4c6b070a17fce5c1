export { MAX_PAGE_SIZE, listSize, pageKey, pageRequest, walksDescending, type PageRequest, type PaginationInput } from './page-request.js';
export { keysetPlan, toListPage, type KeysetPlan, type KeysetRow, type SortSpec } from './keyset.js';
export { childrenPageSql } from './children-pages.js';
export { cutPage, pageOfList, type ListPage } from './list-page.js';
export { MAX_CURSOR_LENGTH, MAX_CURSOR_TEXT, cursorCodec, invalidCursor, type CursorCodec, type CursorScope, type CursorValue, type CursorValueType } from './cursor.js';
