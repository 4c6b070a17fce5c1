import { Module } from '@nestjs/common';
import { DatabaseModule } from '@platform/database';
import { AccessToken } from './access-token.entity.js';
import { AppInstallation } from './app-installation.entity.js';
import { App } from './app.entity.js';
import { AuthService } from './auth.service.js';

@Module({
  imports: [DatabaseModule.forFeature([App, AppInstallation, AccessToken])],
  providers: [AuthService],
  exports: [AuthService],
})
export class AuthModule {}
