import type { RequestContext } from '@platform/request';

/**
 * Where the image writes ask for their downloads (an image created from a source), inside their transaction: the
 * download job runs once it commits. A port, so the writes need not know the job (which stands above them).
 */
export abstract class ImageDownloadQueue {
  abstract ask(tx: RequestContext, imageIds: readonly number[]): void;
}
