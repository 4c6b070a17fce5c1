import { SqlPool } from '@platform/database';
import type { RequestContext } from '@platform/request';
import { ContentService } from '../content.service.js';
import type { NewBlog } from '../content.inputs.js';
import type { ImportedBlog } from '../content.records.js';

/** What a test says about the blog it needs; the rest gets valid defaults (a unique handle). */
export type BlogTraits = Partial<NewBlog>;

let made = 0;

/** A blog of ctx's shop, without articles, written by the content's own import. */
export async function createBlog(ctx: RequestContext, traits: BlogTraits = {}): Promise<ImportedBlog> {
  made += 1;
  const [blog] = await new ContentService(await SqlPool.onOrm(ctx.em)).importBlogs(ctx, [{ handle: `factory-blog-${made}`, title: `Factory blog ${made}`, ...traits }]);
  return blog!;
}
