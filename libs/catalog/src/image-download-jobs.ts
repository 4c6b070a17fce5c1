import { Injectable } from '@nestjs/common';
import { JobsAfterCommit } from '@platform/events';
import type { RequestContext } from '@platform/request';
import { ImageDownloadQueue } from './admin/image-download-queue.js';
import { ProductImageDownloadJob } from './jobs/product-image-download.job.js';

/** The image writes' downloads as jobs of the media queue, asked for with the write (JobsAfterCommit). */
@Injectable()
export class ImageDownloadJobs extends ImageDownloadQueue {
  constructor(private readonly jobs: JobsAfterCommit) {
    super();
  }

  ask(tx: RequestContext, imageIds: readonly number[]): void {
    for (const imageId of imageIds) this.jobs.enqueue(tx, ProductImageDownloadJob, { imageId });
  }
}
