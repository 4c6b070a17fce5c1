import { Args, ID, Mutation, Resolver } from '@nestjs/graphql';
import { type DomainError, userErrorsOf } from '@platform/errors';
import { idOfType, toGlobalId } from '@platform/ids';
import { Ctx, type RequestContext, RequiresScope } from '@platform/request';
import type { ProductMediaErrorCode } from '../../catalog.errors.js';
import { ShopFilesService } from '../../admin/shop-files.service.js';
import { FileCreateInput, FileCreatePayload, FileDeletePayload, type FilesErrorCode } from './file-mutations.type.js';
import { adminMediaView } from './media.presenter.js';

// The media problems a file can have, in the hosted FilesErrorCode.
const CODES: Record<ProductMediaErrorCode, FilesErrorCode> = {
  INVALID: 'INVALID_IMAGE_SOURCE_URL',
  BLANK: 'INVALID_IMAGE_SOURCE_URL',
  TOO_LONG: 'ALT_VALUE_LIMIT_EXCEEDED',
  PRODUCT_MEDIA_LIMIT_EXCEEDED: 'INVALID',
  PRODUCT_DOES_NOT_EXIST: 'INVALID',
  MEDIA_DOES_NOT_EXIST: 'FILE_DOES_NOT_EXIST',
  MEDIA_DOES_NOT_EXIST_ON_PRODUCT: 'FILE_DOES_NOT_EXIST',
  PRODUCT_VARIANT_DOES_NOT_EXIST: 'INVALID',
  NON_READY_MEDIA: 'INVALID',
  INVALID_MEDIA_TYPE: 'INVALID',
  PRODUCT_VARIANT_ALREADY_HAS_MEDIA: 'INVALID',
};

// fileCreate and fileDelete: thin, ShopFilesService checks and writes. Images are what products show: their scope.
@Resolver()
export class FileMutationsAdminResolver {
  constructor(private readonly files: ShopFilesService) {}

  @RequiresScope('write_products')
  @Mutation(() => FileCreatePayload, { nullable: true, description: "Adds images to the shop's files from URLs (at most 250), downloaded in the background; productSet's files attaches them." })
  async fileCreate(@Ctx() ctx: RequestContext, @Args('files', { type: () => [FileCreateInput] }) files: FileCreateInput[]): Promise<FileCreatePayload> {
    const result = await this.files.create(ctx, files);
    if (result.problems.length > 0) return { files: null, userErrors: filesUserErrors(result.problems) };
    return { files: result.files.map(adminMediaView), userErrors: [] };
  }

  @RequiresScope('write_products')
  @Mutation(() => FileDeletePayload, { nullable: true, description: "Deletes files of the shop's, a product's media among them, with their bytes (all named must exist)." })
  async fileDelete(@Ctx() ctx: RequestContext, @Args('fileIds', { type: () => [ID] }) fileIds: string[]): Promise<FileDeletePayload> {
    const result = await this.files.delete(ctx, fileIds.map((gid) => idOfType(gid, 'MediaImage') ?? 0));
    if (result.problems.length > 0) return { deletedFileIds: null, userErrors: filesUserErrors(result.problems) };
    return { deletedFileIds: result.deletedIds.map((id) => toGlobalId('MediaImage', id)), userErrors: [] };
  }
}

// Every problem the files service answers is one of the catalog's media codes.
function filesUserErrors(problems: readonly DomainError[]) {
  return userErrorsOf(problems as readonly DomainError<ProductMediaErrorCode>[], CODES);
}
