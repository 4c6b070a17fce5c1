import { Injectable } from '@nestjs/common';
import { ShopJob, type ShopJobProcessor } from '@platform/queue';
import type { RequestContext } from '@platform/request';
import { StagedUploadsService } from '../staged-uploads.service.js';

/** Every day, each shop's staged files of targets a day old are deleted, used or not. */
@Injectable()
@ShopJob('media.delete-stale-staged-uploads', { dailyAt: '04:30' })
export class DeleteStaleStagedUploadsJob implements ShopJobProcessor {
  constructor(private readonly staged: StagedUploadsService) {}

  async run(ctx: RequestContext): Promise<void> {
    await this.staged.sweep(ctx);
  }
}
