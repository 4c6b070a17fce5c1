import { Injectable } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';

/** The admin REST API's OpenAPI document, built once when the app starts (`buildOpenApiDocument`). */
@Injectable()
export class OpenApiDocument {
  private document: OpenAPIObject | null = null;

  set(document: OpenAPIObject): void {
    this.document = document;
  }

  get(): OpenAPIObject {
    // createApiApp builds it before listening, so a request never sees it missing.
    if (!this.document) throw new Error('the OpenAPI document is built after app.init(), before the app listens');
    return this.document;
  }
}
