import { Field, GraphQLISODateTime, ID, InterfaceType, ObjectType, registerEnumType } from '@nestjs/graphql';
import { AdminImage, AdminNode, AdminSchema, BoundedList, ConnectionType, UrlScalar, enumOf } from '@platform/graphql-types';
import type { ProductMediaRecord } from '../../admin/product-image.records.js';

// The hosted admin schema's media, by its names: a product's images are MediaImages (the REST images' rows).

/** A media's errors: those of its one processing (a download's and its bytes'). */
const MAX_MEDIA_ERRORS = 10;

export const MediaStatus = enumOf(['UPLOADED', 'PROCESSING', 'READY', 'FAILED'] as const);
registerEnumType(MediaStatus, { registerIn: () => AdminSchema, name: 'MediaStatus', description: 'Where a media is: received (UPLOADED), being processed, READY to show, or FAILED (see its mediaErrors).' });

export const MediaContentType = enumOf(['IMAGE', 'VIDEO', 'EXTERNAL_VIDEO', 'MODEL_3D'] as const);
registerEnumType(MediaContentType, { registerIn: () => AdminSchema, name: 'MediaContentType', description: 'The kind of a media; the platform keeps images.' });

export const FileContentType = enumOf(['IMAGE', 'FILE', 'VIDEO', 'EXTERNAL_VIDEO', 'MODEL_3D'] as const);
registerEnumType(FileContentType, { registerIn: () => AdminSchema, name: 'FileContentType', description: 'The kind of a file; the platform keeps images.' });

export const MediaErrorCode = enumOf([
  'UNKNOWN',
  'INVALID_SIGNED_URL',
  'IMAGE_DOWNLOAD_FAILURE',
  'IMAGE_PROCESSING_FAILURE',
  'UNSUPPORTED_IMAGE_FILE_TYPE',
  'INVALID_IMAGE_FILE_SIZE',
  'INVALID_IMAGE_ASPECT_RATIO',
  'INVALID_IMAGE_RESOLUTION',
  'FILE_STORAGE_LIMIT_EXCEEDED',
  'DUPLICATE_FILENAME_ERROR',
] as const);
registerEnumType(MediaErrorCode, { registerIn: () => AdminSchema, name: 'MediaErrorCode', description: 'Why a media could not be processed.' });

@ObjectType('MediaError', { registerIn: () => AdminSchema, description: 'Why a media is FAILED.' })
export class AdminMediaError {
  @Field(() => MediaErrorCode)
  code!: string;

  @Field(() => String, { nullable: true })
  details!: string | null;

  @Field(() => String)
  message!: string;
}

export const FileStatus = enumOf(['UPLOADED', 'PROCESSING', 'READY', 'FAILED'] as const);
registerEnumType(FileStatus, { registerIn: () => AdminSchema, name: 'FileStatus', description: "Where a file is: its media's status." });

@ObjectType('FileError', { registerIn: () => AdminSchema, description: 'Why a file is FAILED: its media error.' })
export class AdminFileError {
  @Field(() => MediaErrorCode, { description: 'The FileErrorCode (the same values as MediaErrorCode).' })
  code!: string;

  @Field(() => String, { nullable: true })
  details!: string | null;

  @Field(() => String)
  message!: string;
}

@InterfaceType('File', { registerIn: () => AdminSchema, resolveType: (value: { __typename: string }) => value.__typename, description: "A file of the shop's (an image)." })
export class AdminFile {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { nullable: true })
  alt!: string | null;

  @Field(() => FileStatus)
  fileStatus!: string;

  @Field(() => [AdminFileError])
  @BoundedList({ max: MAX_MEDIA_ERRORS })
  fileErrors!: AdminFileError[];

  @Field(() => GraphQLISODateTime)
  createdAt!: Date;

  @Field(() => GraphQLISODateTime)
  updatedAt!: Date;
}

@InterfaceType('Media', { registerIn: () => AdminSchema, resolveType: (value: { __typename: string }) => value.__typename, description: 'A media of a product.' })
export class AdminMedia {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { nullable: true, description: 'Text that describes it, for accessibility.' })
  alt!: string | null;

  @Field(() => MediaContentType)
  mediaContentType!: string;

  @Field(() => MediaStatus)
  status!: string;

  @Field(() => [AdminMediaError], { description: 'Why it FAILED; empty otherwise.' })
  @BoundedList({ max: MAX_MEDIA_ERRORS })
  mediaErrors!: AdminMediaError[];
}

@ObjectType('MediaImageOriginalSource', { registerIn: () => AdminSchema, description: 'Where an image came from.' })
export class AdminMediaImageOriginalSource {
  @Field(() => UrlScalar, { nullable: true, description: 'The URL it was downloaded from; null for an uploaded file.' })
  url!: string | null;
}

@ObjectType('MediaImage', { registerIn: () => AdminSchema, implements: () => [AdminNode, AdminMedia, AdminFile], description: "An image of a product, or of the shop's files." })
export class AdminMediaImage implements AdminMedia, AdminFile {
  readonly __typename = 'MediaImage';

  @Field(() => ID)
  id!: string;

  @Field(() => String, { nullable: true })
  alt!: string | null;

  @Field(() => MediaContentType)
  mediaContentType!: string;

  @Field(() => MediaStatus)
  status!: string;

  @Field(() => [AdminMediaError])
  @BoundedList({ max: MAX_MEDIA_ERRORS })
  mediaErrors!: AdminMediaError[];

  @Field(() => FileStatus, { description: 'Its status as a file: the same as `status`.' })
  fileStatus!: string;

  @Field(() => [AdminFileError], { description: 'Its errors as a file: the same as `mediaErrors`.' })
  @BoundedList({ max: MAX_MEDIA_ERRORS })
  fileErrors!: AdminFileError[];

  @Field(() => String, { nullable: true, description: 'Its file type; null until READY.' })
  mimeType!: string | null;

  @Field(() => AdminMediaImageOriginalSource, { nullable: true })
  originalSource!: AdminMediaImageOriginalSource | null;

  @Field(() => GraphQLISODateTime)
  createdAt!: Date;

  @Field(() => GraphQLISODateTime)
  updatedAt!: Date;

  // The image (resolved with the request's origin): null until READY.
  image?: AdminImage | null;

  record!: ProductMediaRecord;
}

@ObjectType('MediaConnection', { registerIn: () => AdminSchema })
export class AdminMediaConnection extends ConnectionType(AdminMedia, 'Media', () => AdminSchema) {}
