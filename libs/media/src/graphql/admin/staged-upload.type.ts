import { Field, InputType, ObjectType, registerEnumType } from '@nestjs/graphql';
import { AdminSchema, AdminUserError, BoundedList, MAX_USER_ERRORS, UnsignedInt64Scalar, UrlScalar, enumOf } from '@platform/graphql-types';
import { MAX_STAGED_UPLOADS, STAGED_UPLOAD_RESOURCES } from '../../staged-upload.rules.js';

/** A target's parameters: PUT's two headers, POST's seven form fields. */
const MAX_PARAMETERS = 10;

export const StagedUploadTargetGenerateUploadResource = enumOf(STAGED_UPLOAD_RESOURCES);
registerEnumType(StagedUploadTargetGenerateUploadResource, {
  name: 'StagedUploadTargetGenerateUploadResource',
  registerIn: () => AdminSchema,
  description: 'What a staged file is for; the platform takes images (IMAGE; PRODUCT_IMAGE, COLLECTION_IMAGE and SHOP_IMAGE alike).',
});

export const StagedUploadHttpMethodType = enumOf(['PUT', 'POST'] as const);
registerEnumType(StagedUploadHttpMethodType, { name: 'StagedUploadHttpMethodType', registerIn: () => AdminSchema, description: 'How the file is sent to its target.' });

@InputType('StagedUploadInput', { registerIn: () => AdminSchema, description: 'A file a client is about to send.' })
export class StagedUploadInput {
  @Field(() => StagedUploadTargetGenerateUploadResource)
  resource!: string;

  @Field(() => String, { description: "The file's name and extension." })
  filename!: string;

  @Field(() => String, { description: "The file's media type: image/png, image/jpeg or image/gif." })
  mimeType!: string;

  @Field(() => StagedUploadHttpMethodType, { nullable: true, defaultValue: 'PUT', description: 'PUT the bytes to `url`, or POST a form of `parameters` and the file.' })
  httpMethod?: 'PUT' | 'POST' | null;

  @Field(() => UnsignedInt64Scalar, { nullable: true, description: 'Its size in bytes: the target takes no more (at most MEDIA_MAX_BYTES).' })
  fileSize?: string | null;
}

@ObjectType('StagedUploadParameter', { registerIn: () => AdminSchema, description: 'A header (PUT) or form field (POST) to send with the file.' })
export class StagedUploadParameter {
  @Field()
  name!: string;

  @Field()
  value!: string;
}

@ObjectType('StagedMediaUploadTarget', { registerIn: () => AdminSchema, description: 'Where to send one file, within the hour, and the URL that names it after.' })
export class StagedMediaUploadTarget {
  @BoundedList({ max: MAX_PARAMETERS, withParent: true })
  @Field(() => [StagedUploadParameter])
  parameters!: StagedUploadParameter[];

  @Field(() => UrlScalar, { nullable: true, description: 'Names the sent file: an `originalSource` of media inputs.' })
  resourceUrl!: string | null;

  @Field(() => UrlScalar, { nullable: true, description: 'PUT the bytes here, or POST the form.' })
  url!: string | null;
}

@ObjectType('StagedUploadsCreatePayload', { registerIn: () => AdminSchema })
export class StagedUploadsCreatePayload {
  @BoundedList({ max: MAX_STAGED_UPLOADS, withParent: true })
  @Field(() => [StagedMediaUploadTarget], { nullable: true })
  stagedTargets!: StagedMediaUploadTarget[] | null;

  @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
  @Field(() => [AdminUserError])
  userErrors!: AdminUserError[];
}
