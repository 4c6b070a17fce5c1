import { Module } from '@nestjs/common';

// Both schemas have types of the same name (Node, Shop, Product, ProductEdge, …). Each surface-specific type
// names its schema with `registerIn` and one of these markers; the surface's GraphQLModule includes its marker.

/** `@ObjectType('Product', { registerIn: () => StorefrontSchema })`: a type of the storefront schema. */
@Module({})
export class StorefrontSchema {}

/** `@ObjectType('Product', { registerIn: () => AdminSchema })`: a type of the admin schema. */
@Module({})
export class AdminSchema {}
