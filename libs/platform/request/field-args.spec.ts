import 'reflect-metadata';
import { Args, ArgsType, Field, Int } from '@nestjs/graphql';
import { FieldArgs } from './ctx.decorator.js';

@ArgsType()
class PageArgs {
  @Field(() => Int, { nullable: true })
  first?: number;
}

class Resolvers {
  viaNest(_parent: unknown, @Args() _args: PageArgs) {}
  direct(_parent: unknown, @FieldArgs() _args: PageArgs) {}
  named(_parent: unknown, @FieldArgs('first', { type: () => Int }) _first: number) {}
}

// Nest binds a field resolver directly only when the method has no parameter decorators left in this key.
const PARAMETERS = '__routeArguments__';

describe('FieldArgs', () => {
  it('leaves no Nest parameter behind, where @Args leaves one (so Nest binds the method without a context per call)', () => {
    expect(Object.keys(Reflect.getMetadata(PARAMETERS, Resolvers, 'viaNest') ?? {})).toHaveLength(1);
    expect(Reflect.getMetadata(PARAMETERS, Resolvers, 'direct')).toBeUndefined();
    expect(Reflect.getMetadata(PARAMETERS, Resolvers, 'named')).toBeUndefined();
  });
});
