import { Query, Resolver } from '@nestjs/graphql';
import { Ctx, OpenAccess, type RequestContext } from '@platform/request';
import { LocalizationService } from '../../localization.service.js';
import { StorefrontLocalization } from './localization.type.js';

@Resolver(() => StorefrontLocalization)
export class LocalizationStorefrontResolver {
  constructor(private readonly service: LocalizationService) {}

  @OpenAccess()
  @Query(() => StorefrontLocalization, { description: 'Countries and languages of the shop, and the ones in effect for this query.' })
  localization(@Ctx() ctx: RequestContext) {
    return this.service.localization(ctx);
  }
}
