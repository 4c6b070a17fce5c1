import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ScopeGuard } from './requires-scope.decorator.js';

/** REST conventions shared by every admin resource. */
@Module({ providers: [{ provide: APP_GUARD, useClass: ScopeGuard }] })
export class RestModule {}
