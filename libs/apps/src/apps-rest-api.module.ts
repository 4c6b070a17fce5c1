import { Module } from '@nestjs/common';
import { AuthModule } from '@platform/auth';
import { StorefrontAccessTokensController } from './rest/storefront-access-tokens.controller.js';

/** Admin REST resources about the calling app's own credentials. */
@Module({ imports: [AuthModule], controllers: [StorefrontAccessTokensController] })
export class AppsRestApiModule {}
