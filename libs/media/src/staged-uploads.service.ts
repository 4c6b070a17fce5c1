import { Inject, Injectable, Optional } from '@nestjs/common';
import { CLOCK, type Clock, systemClock } from '@platform/clock';
import { PLATFORM_CONFIG, type PlatformConfig } from '@platform/config';
import { SqlPool } from '@platform/database';
import type { RequestContext } from '@platform/request';
import { FILE_STORAGE, type FileStorage, FileUrls, type UploadTarget } from '@platform/storage';
import type { MediaError } from './media.errors.js';
import { type StagedUploadRequest, planStagedUploads } from './staged-upload.rules.js';
import { DELETE_STALE_STAGED_UPLOADS, INSERT_STAGED_UPLOADS } from './staged-uploads.sql.js';

/** How long a staged file is kept: its target takes bytes for an hour; a media naming it copies them within the day. */
export const STAGED_UPLOAD_KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * Staged uploads (the hosted platform's `stagedUploadsCreate`): a signed target on the request's origin for each file
 * a client will send, whose `resourceUrl` a media input then names (MediaService reads it from storage, never over
 * HTTP). All targets or none. Each target's key is recorded, so `sweep` deletes the files of targets a day old.
 */
@Injectable()
export class StagedUploadsService {
  constructor(
    private readonly urls: FileUrls,
    private readonly sql: SqlPool,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {}

  async create(ctx: RequestContext, requests: readonly StagedUploadRequest[]): Promise<{ targets: UploadTarget[]; problems: [] } | { targets: null; problems: MediaError[] }> {
    const planned = planStagedUploads(requests, this.config.mediaMaxBytes);
    if (!planned.plans) return { targets: null, problems: planned.problems };
    const now = this.clock.now();
    const targets = await Promise.all(planned.plans.map((plan) => this.urls.uploadTarget(ctx.origin, { shopId: ctx.shop.id, ...plan }, now)));
    await this.sql.run(ctx, INSERT_STAGED_UPLOADS, [ctx.shop.id, targets.map((target) => target.key), new Date(now)]);
    return { targets, problems: [] };
  }

  /** Deletes the shop's staged files whose targets are a day old (the daily sweep); answers how many. */
  async sweep(ctx: RequestContext): Promise<number> {
    const stale = await this.sql.rows<{ fileKey: string }>(ctx, DELETE_STALE_STAGED_UPLOADS, [ctx.shop.id, new Date(this.clock.now() - STAGED_UPLOAD_KEPT_MS)]);
    for (const { fileKey } of stale) await this.storage.delete(fileKey);
    return stale.length;
  }
}
