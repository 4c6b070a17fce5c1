import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AccessGuard } from './access.guard.js';

/** REST conventions shared by every admin resource. */
@Module({ providers: [{ provide: APP_GUARD, useClass: AccessGuard }] })
export class RestModule {}
