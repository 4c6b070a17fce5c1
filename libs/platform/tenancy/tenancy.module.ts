import { Module } from '@nestjs/common';
import { DatabaseModule } from '@platform/database';
import { Shop } from './shop.entity.js';
import { ShopService } from './shop.service.js';

@Module({
  imports: [DatabaseModule.forFeature([Shop])],
  providers: [ShopService],
  exports: [ShopService],
})
export class TenancyModule {}
