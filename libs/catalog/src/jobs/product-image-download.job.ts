import { Injectable } from '@nestjs/common';
import { ShopJob, type ShopJobProcessor } from '@platform/queue';
import type { RequestContext } from '@platform/request';
import { ProductImageDownloadsService } from '../admin/product-image-downloads.service.js';

export interface ProductImageDownloadJobData {
  imageId: number;
}

/**
 * Downloads an image created from a `src` and keeps its file: READY, or FAILED with its media errors. A try the process
 * lost (a crash, a restart) runs again from the queue; a failure that may pass is thrown so the queue tries again.
 */
@Injectable()
@ShopJob('catalog.product-image-download', { queue: 'media' })
export class ProductImageDownloadJob implements ShopJobProcessor<ProductImageDownloadJobData> {
  constructor(private readonly downloads: ProductImageDownloadsService) {}

  async run(ctx: RequestContext, data: ProductImageDownloadJobData): Promise<void> {
    await this.downloads.download(ctx, data.imageId);
  }
}
