import { Inject, Injectable } from '@nestjs/common';
import { PLATFORM_CONFIG, type PlatformConfig } from '@platform/config';
import type { RequestContext } from '@platform/request';
import { FileUrls, type UploadTarget } from '@platform/storage';
import type { MediaError } from './media.errors.js';
import { type StagedUploadRequest, planStagedUploads } from './staged-upload.rules.js';

/**
 * Staged uploads (the hosted platform's `stagedUploadsCreate`): a signed target on the request's origin for each file
 * a client will send, whose `resourceUrl` a media input then names (MediaService reads it from storage, never over
 * HTTP). All targets or none.
 */
@Injectable()
export class StagedUploadsService {
  constructor(
    private readonly urls: FileUrls,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
  ) {}

  async create(ctx: RequestContext, requests: readonly StagedUploadRequest[]): Promise<{ targets: UploadTarget[]; problems: [] } | { targets: null; problems: MediaError[] }> {
    const planned = planStagedUploads(requests, this.config.mediaMaxBytes);
    if (!planned.plans) return { targets: null, problems: planned.problems };
    const targets = await Promise.all(planned.plans.map((plan) => this.urls.uploadTarget(ctx.origin, { shopId: ctx.shop.id, ...plan })));
    return { targets, problems: [] };
  }
}
