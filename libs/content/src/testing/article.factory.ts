import { SqlPool } from '@platform/database';
import type { RequestContext } from '@platform/request';
import { ContentService } from '../content.service.js';
import type { NewArticle } from '../content.inputs.js';
import type { ImportedArticle } from '../content.records.js';
import { createBlog } from './blog.factory.js';

/** What a test says about the article it needs; without a `blogId` it gets a blog of its own. */
export type ArticleTraits = Partial<NewArticle>;

let made = 0;

/** A published article of ctx's shop written by the content's own import. */
export async function createArticle(ctx: RequestContext, traits: ArticleTraits = {}): Promise<ImportedArticle> {
  made += 1;
  const blogId = traits.blogId ?? (await createBlog(ctx)).id;
  const [article] = await new ContentService(await SqlPool.onOrm(ctx.em)).importArticles(ctx, [
    { handle: `factory-article-${made}`, title: `Factory article ${made}`, contentHtml: `<p>Article ${made}.</p>`, ...traits, blogId },
  ]);
  return article!;
}
