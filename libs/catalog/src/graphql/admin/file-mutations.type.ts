import { Field, ID, InputType, ObjectType } from '@nestjs/graphql';
import { AdminSchema, BoundedList, MAX_USER_ERRORS, codedUserErrorType } from '@platform/graphql-types';
import { MAX_FILES_PER_CALL } from '../../admin/shop-files.service.js';
import { AdminFile, FileContentType } from './media.type.js';

// fileCreate and fileDelete by the hosted names: problems are FilesUserErrors.

/** The hosted `FilesErrorCode`. */
export const FILES_ERROR_CODES = [
  'ALT_VALUE_LIMIT_EXCEEDED', 'BLANK_SEARCH', 'FILE_DOES_NOT_EXIST', 'FILE_LOCKED', 'FILENAME_ALREADY_EXISTS', 'INVALID', 'INVALID_DUPLICATE_MODE_FOR_TYPE',
  'INVALID_DUPLICATE_RESOLUTION_MODE', 'INVALID_FAILED_MEDIA_STATE', 'INVALID_FILENAME', 'INVALID_FILENAME_EXTENSION', 'INVALID_IMAGE_SOURCE_URL',
  'INVALID_QUERY', 'MEDIA_CANNOT_BE_MODIFIED', 'MISMATCHED_FILENAME_AND_ORIGINAL_SOURCE', 'MISSING_ARGUMENTS', 'MISSING_FILENAME_FOR_DUPLICATE_MODE_REPLACE',
  'NON_IMAGE_MEDIA_PER_SHOP_LIMIT_EXCEEDED',
] as const;
export type FilesErrorCode = (typeof FILES_ERROR_CODES)[number];
export const FilesUserError = codedUserErrorType('FilesUserError', FILES_ERROR_CODES);
export type FilesUserErrorView = InstanceType<typeof FilesUserError>;

@InputType('FileCreateInput', { registerIn: () => AdminSchema, description: "A file to add to the shop's files: an image downloaded from `originalSource`." })
export class FileCreateInput {
  @Field(() => String, { description: "The image's URL (http or https, or a staged upload's resourceUrl)." })
  originalSource!: string;

  @Field(() => FileContentType, { nullable: true, description: 'IMAGE (the default): the platform keeps images.' })
  contentType?: string | null;

  @Field(() => String, { nullable: true, description: 'Text that describes it, for accessibility (at most 512 characters).' })
  alt?: string | null;
}

@ObjectType('FileCreatePayload', { registerIn: () => AdminSchema })
export class FileCreatePayload {
  @BoundedList({ max: MAX_FILES_PER_CALL, withParent: true })
  @Field(() => [AdminFile], { nullable: true, description: 'The files made: UPLOADED, each downloaded in the background.' })
  files!: AdminFile[] | null;

  @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
  @Field(() => [FilesUserError])
  userErrors!: FilesUserErrorView[];
}

@ObjectType('FileDeletePayload', { registerIn: () => AdminSchema })
export class FileDeletePayload {
  @BoundedList({ max: MAX_FILES_PER_CALL, withParent: true })
  @Field(() => [ID], { nullable: true })
  deletedFileIds!: string[] | null;

  @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
  @Field(() => [FilesUserError])
  userErrors!: FilesUserErrorView[];
}
