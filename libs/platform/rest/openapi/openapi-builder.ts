import type { INestApplication } from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants.js';
import { ModulesContainer, Reflector } from '@nestjs/core';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { ACCESS_KEY, type Access } from '@platform/request';
import { SUPPORTED_VERSIONS } from '@platform/versioning';
import { OpenApiDocument } from './openapi-document.js';
import { ACCESS_TOKEN_SCHEME, type Operation, completeOperation, openApiComponents } from './openapi-operations.js';

const TITLE = 'Platform admin REST API';
const DESCRIPTION = [
  'The legacy admin REST API of one shop (new apps use the admin GraphQL API at `/admin/api/{version}/graphql.json`).',
  'Call it on the shop\'s host with an admin access token in `X-Platform-Access-Token`; every route takes any supported `{version}`.',
  'Lists page by the `Link` header (`page_info`), 50 rows by default and at most 250 (`limit`); `fields` cuts each object to the fields named.',
  'Each operation names the scope it needs in `x-platform-scope`. Rate limit: a bucket of 40 requests per app and shop leaking 2 a second',
  '(80 and 4 on the plus plan), shown in `X-Platform-Shop-Api-Call-Limit`; a full bucket answers 429 with `Retry-After`.',
].join(' ');

/**
 * Builds the OpenAPI document of the controllers of `modules` (the REST surface's modules) and hands it to
 * `OpenApiDocument`, which `GET /admin/api/{version}/openapi.json` serves. Called once, after `app.init()`.
 * The scope of each operation is read from its `@RequiresScope` declaration, so the document cannot disagree with the guard.
 */
export function buildOpenApiDocument(app: INestApplication, modules: Function[]): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle(TITLE)
    .setDescription(DESCRIPTION)
    .setVersion(SUPPORTED_VERSIONS.at(-2)!)
    .addApiKey({ type: 'apiKey', in: 'header', name: 'X-Platform-Access-Token', description: 'An admin access token of the shop (`platat_…`).' }, ACCESS_TOKEN_SCHEME)
    .addSecurityRequirements(ACCESS_TOKEN_SCHEME)
    .build();
  const document = SwaggerModule.createDocument(app, config, { include: modules, operationIdFactory: operationId, autoTagControllers: true });
  const declared = declaredRoutes(app, modules);
  const tags = new Set<string>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch'] as const) {
      const operation = item[method] as Operation | undefined;
      if (!operation) continue;
      const route = declared.get(operation.operationId ?? '');
      completeOperation(operation, method, route?.access, path, route?.status ?? (method === 'post' ? 201 : 200));
      for (const tag of operation.tags ?? []) tags.add(tag);
    }
  }
  document.tags = [...tags].sort().map((name) => ({ name }));
  const shared = openApiComponents();
  document.components = { ...document.components, ...shared, schemas: { ...shared.schemas, ...document.components?.schemas } };
  app.get(OpenApiDocument).set(document);
  return document;
}

/** `StorefrontAccessTokensController.create` → `storefront_access_tokens_create`. */
function operationId(controller: string, method: string): string {
  const resource = controller.replace(/Controller$/, '').replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
  return `${resource}_${method}`;
}

interface DeclaredRoute {
  /** The access its handler (or controller) declares. */
  readonly access: Access | undefined;
  /** Its `@HttpCode`, if it has one. */
  readonly status: number | undefined;
}

/** operationId → what its handler declares. */
function declaredRoutes(app: INestApplication, modules: Function[]): Map<string, DeclaredRoute> {
  const reflector = app.get(Reflector);
  const found = new Map<string, DeclaredRoute>();
  for (const module of app.get(ModulesContainer).values()) {
    if (!modules.includes(module.metatype)) continue;
    for (const wrapper of module.controllers.values()) {
      const type = wrapper.metatype as (new (...args: never[]) => object) | null;
      if (!type) continue;
      for (const name of Object.getOwnPropertyNames(type.prototype)) {
        const handler = (type.prototype as Record<string, unknown>)[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        found.set(operationId(type.name, name), {
          access: reflector.getAllAndOverride<Access | undefined>(ACCESS_KEY, [handler, type]),
          status: reflector.get<number | undefined>(HTTP_CODE_METADATA, handler),
        });
      }
    }
  }
  return found;
}
