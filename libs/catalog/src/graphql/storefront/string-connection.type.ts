import { ObjectType } from '@nestjs/graphql';
import { ConnectionType, StorefrontSchema } from '@platform/graphql-types';

@ObjectType('StringConnection', { registerIn: () => StorefrontSchema })
export class StringConnection extends ConnectionType(String, 'String', () => StorefrontSchema) {}
