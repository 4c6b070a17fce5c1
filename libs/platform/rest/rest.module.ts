import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AccessGuard } from './access.guard.js';
import { OpenApiController } from './openapi/openapi.controller.js';
import { OpenApiDocument } from './openapi/openapi-document.js';

/** REST conventions shared by every admin resource, and the OpenAPI document describing them. */
@Module({ controllers: [OpenApiController], providers: [{ provide: APP_GUARD, useClass: AccessGuard }, OpenApiDocument] })
export class RestModule {}
