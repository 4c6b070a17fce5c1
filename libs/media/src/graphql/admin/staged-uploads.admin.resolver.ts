import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { userErrorsOf } from '@platform/errors';
import type { UserErrorCodeValue } from '@platform/graphql-types';
import { Ctx, type RequestContext, RequiresScope } from '@platform/request';
import type { MediaErrorCode } from '../../media.errors.js';
import { StagedUploadsService } from '../../staged-uploads.service.js';
import { StagedUploadInput, StagedUploadsCreatePayload } from './staged-upload.type.js';

// Every media problem of a staged upload is its input's: the plain UserError's INVALID.
const CODES: Record<MediaErrorCode, UserErrorCodeValue> = {
  INVALID: 'INVALID',
  UNSUPPORTED_IMAGE_FILE_TYPE: 'INVALID',
  INVALID_IMAGE_FILE_SIZE: 'INVALID',
  INVALID_IMAGE_RESOLUTION: 'INVALID',
  IMAGE_PROCESSING_FAILURE: 'INVALID',
  IMAGE_DOWNLOAD_FAILURE: 'INVALID',
};

@Resolver()
export class StagedUploadsAdminResolver {
  constructor(private readonly staged: StagedUploadsService) {}

  // Images are the products' media today: the scope that writes them.
  @RequiresScope('write_products')
  @Mutation(() => StagedUploadsCreatePayload, { nullable: true, description: 'Signed targets to send files to (within the hour); each `resourceUrl` is then an `originalSource`.' })
  async stagedUploadsCreate(@Ctx() ctx: RequestContext, @Args('input', { type: () => [StagedUploadInput] }) input: StagedUploadInput[]): Promise<StagedUploadsCreatePayload> {
    const result = await this.staged.create(ctx, input);
    if (!result.targets) return { stagedTargets: null, userErrors: userErrorsOf(result.problems, CODES) };
    return { stagedTargets: result.targets.map(({ url, resourceUrl, parameters }) => ({ url, resourceUrl, parameters })), userErrors: [] };
  }
}
