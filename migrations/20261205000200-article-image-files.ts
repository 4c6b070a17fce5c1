import { Migration } from '@mikro-orm/migrations';

// An article's cover may be a file the platform keeps (served at /files/<key>, as product images are), with its sides
// for the storefront's Image; an article with only `image_url` keeps showing that external URL.
export class ArticleImageFiles extends Migration {
  override name = '20261205000200-article-image-files';

  override up(): void {
    this.addSql('alter table articles add column image_file_key text, add column image_width integer, add column image_height integer;');
  }

  override down(): void {
    this.addSql('alter table articles drop column image_file_key, drop column image_width, drop column image_height;');
  }
}
