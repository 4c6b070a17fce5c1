import type { NewProductImage } from '@platform/catalog';
import type { NewArticleImage } from '@platform/content';
import type { MediaService } from '@platform/media';
import type { RequestContext } from '@platform/request';
import { type SeedLook, seedImageBytes } from './seed-images.js';
import type { SeedImage } from './shop-data-generator.js';

/**
 * The shop's seeded pictures: each look drawn and kept once (through the media part, as an attachment would be),
 * then shown by every image of that look (products' pictures, articles' covers): a shop of any size holds a few
 * dozen files.
 */
export class SeedPictures {
  private readonly kept = new Map<string, Promise<{ key: string; mimeType: string }>>();

  constructor(
    private readonly media: Pick<MediaService, 'storeImage'>,
    private readonly ctx: RequestContext,
  ) {}

  async images(images: readonly SeedImage[]): Promise<NewProductImage[]> {
    return Promise.all(
      images.map(async (image) => {
        const file = await this.file(image.look);
        return { fileKey: file.key, mimeType: file.mimeType, alt: image.alt, width: image.width, height: image.height };
      }),
    );
  }

  /** An article's cover, as a kept file. */
  async cover(image: SeedImage): Promise<NewArticleImage> {
    const file = await this.file(image.look);
    return { fileKey: file.key, altText: image.alt, width: image.width, height: image.height };
  }

  private file(look: SeedLook): Promise<{ key: string; mimeType: string }> {
    const name = `${look.color}/${look.view}${look.cover ? '/cover' : ''}`;
    let file = this.kept.get(name);
    if (!file) {
      file = seedImageBytes(look).then(async (bytes) => {
        const stored = await this.media.storeImage(this.ctx, bytes, { field: 'images' });
        if (!stored.image) throw new Error(`The seed's picture ${name} was refused: ${stored.problems.map((p) => p.message).join('; ')}`);
        return { key: stored.image.key, mimeType: stored.image.mimeType };
      });
      this.kept.set(name, file);
    }
    return file;
  }
}
