import { Field, ObjectType, registerEnumType } from '@nestjs/graphql';
import { BoundedList, MAX_FIELD_PATH } from '../list-bound.js';
import { AdminSchema } from '../schema-modules.js';
import { enumOf } from './enum-of.js';

/**
 * A mutation's own user error type with its code enum, as the hosted admin schema names them
 * (`ProductVariantsBulkCreateUserError` with `ProductVariantsBulkCreateUserErrorCode`): `{ field message code }`.
 */
export function codedUserErrorType<Codes extends readonly string[]>(name: string, codes: Codes, codeName = `${name}Code`) {
  const CodeEnum = enumOf(codes);
  registerEnumType(CodeEnum, { registerIn: () => AdminSchema, name: codeName });

  @ObjectType(name, { registerIn: () => AdminSchema })
  class CodedUserError {
    @BoundedList({ max: MAX_FIELD_PATH, withParent: true })
    @Field(() => [String], { nullable: true, description: 'Path to the input field at fault.' })
    field!: string[] | null;

    @Field()
    message!: string;

    @Field(() => CodeEnum, { nullable: true })
    code!: Codes[number] | null;
  }
  return CodedUserError;
}
