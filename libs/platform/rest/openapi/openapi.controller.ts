import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { OpenAccess } from '@platform/request';
import { ADMIN_REST_PREFIX } from '../rest-prefix.js';
import { OpenApiDocument } from './openapi-document.js';

@ApiTags('openapi')
@Controller(ADMIN_REST_PREFIX)
export class OpenApiController {
  constructor(private readonly document: OpenApiDocument) {}

  /** Any admin token of the shop may read it: it describes the routes, not the shop (docs/decisions.md). */
  @Get('openapi.json')
  @OpenAccess()
  @ApiOperation({ summary: 'This document: every admin REST route, its parameters, bodies, answers and required scope' })
  @ApiOkResponse({ description: 'An OpenAPI 3.0 document', schema: { type: 'object' } })
  show() {
    return this.document.get();
  }
}
