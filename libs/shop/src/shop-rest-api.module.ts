import { Module } from '@nestjs/common';
import { ShopController } from './rest/shop.controller.js';

/** `GET /admin/api/{version}/shop.json`. */
@Module({ controllers: [ShopController] })
export class ShopRestApiModule {}
