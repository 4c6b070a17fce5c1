import { Module } from '@nestjs/common';
import { DatabaseModule } from '@platform/database';
import { Metafield } from './metafield.entity.js';
import { MetafieldOwnerRegistry } from './metafield-owners.js';
import { MetafieldsService } from './metafields.service.js';

const PROVIDERS = [MetafieldsService, MetafieldOwnerRegistry];

/**
 * Metafields and the registry of their owners (seed, CLI, jobs and the API). A static module: every owner context
 * that imports it to register its owner types shares one registry.
 */
@Module({
  imports: [DatabaseModule.forFeature([Metafield])],
  providers: PROVIDERS,
  exports: PROVIDERS,
})
export class MetafieldsModule {}
