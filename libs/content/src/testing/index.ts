// Test data of content (`@platform/content/testing`); production code never imports it.
export { createArticle, type ArticleTraits } from './article.factory.js';
export { createBlog, type BlogTraits } from './blog.factory.js';
export { createPage, type PageTraits } from './page.factory.js';
