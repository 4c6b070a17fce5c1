import { ApiProperty } from '@nestjs/swagger';

/**
 * True when a serializer's answer and the response class the OpenAPI document shows have the same keys and types
 * (each assignable to the other). A response file states `export type …Matches = Assert<SameShape<…>>`, so the two
 * cannot drift without failing the typecheck.
 */
export type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export type Assert<T extends true> = T;

/** `GET <things>/count.json` */
export class RestCountResponse {
  @ApiProperty({ type: 'integer', example: 2 })
  count!: number;
}

/** What a delete answers: `{}`. */
export class RestEmptyResponse {}
