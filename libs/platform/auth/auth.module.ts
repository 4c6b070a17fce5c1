import { Module } from '@nestjs/common';
import { DatabaseModule } from '@platform/database';
import { AccessToken } from './access-token.entity.js';
import { AppInstallation } from './app-installation.entity.js';
import { App } from './app.entity.js';
import { AuthService } from './auth.service.js';
import { TokenLookup } from './token-lookup.js';

@Module({
  imports: [DatabaseModule.forFeature([App, AppInstallation, AccessToken])],
  providers: [AuthService, TokenLookup],
  exports: [AuthService],
})
export class AuthModule {}
