import { SqlPool } from '@platform/database';
import type { RequestContext } from '@platform/request';
import { ContentService } from '../content.service.js';
import type { NewPage } from '../content.inputs.js';
import type { ImportedPage } from '../content.records.js';

/** What a test says about the page it needs; the rest gets valid defaults (a unique handle, published now). */
export type PageTraits = Partial<NewPage>;

let made = 0;

/** A page of ctx's shop written by the content's own import. */
export async function createPage(ctx: RequestContext, traits: PageTraits = {}): Promise<ImportedPage> {
  made += 1;
  const [page] = await new ContentService(await SqlPool.onOrm(ctx.em)).importPages(ctx, [{ handle: `factory-page-${made}`, title: `Factory page ${made}`, bodyHtml: `<p>Page ${made}.</p>`, ...traits }]);
  return page!;
}
