export { ACCESS_KEY, OpenAccess, RequiresScope, RequiresToken, accessDenial, requireAccess, type Access } from './access.js';
export { Ctx, FieldArgs, type GraphqlContextValue, type NoArgs } from './ctx.decorator.js';
export { errorResponse, type ErrorResponse } from './error-response.js';
export { SafeHtml, escapeHtml, html } from './html.js';
export { HTML_PAGE_HEADERS, type HtmlPage, htmlPage, sendPage } from './html-page.js';
export { MAX_BODY_NESTING, installJsonBodyParser } from './json-body.js';
export { type JsonTextProblem, scanJsonText } from './json-scan.js';
export { type Scheme, requestOrigin, requestScheme, shopOrigin } from './origin.js';
export { inTransaction, type RequestContext, withEntityManager } from './request-context.js';
export { SystemContextModule, SystemContexts } from './system-context.js';
export { type MaybePromise, isPromiseLike, whenReady } from './maybe-promise.js';
export { requestScoped } from './request-scoped.js';
export {
  ADMIN_TOKEN_HEADER,
  API_VERSION_HEADER,
  BUYER_IP_HEADER,
  REQUEST_STEPS,
  RequestPipeline,
  STOREFRONT_PRIVATE_TOKEN_HEADER,
  STOREFRONT_PUBLIC_TOKEN_HEADER,
  type RequestStep,
} from './request-pipeline.js';
export { RequestModule } from './request.module.js';
export { isGraphqlSurface, requestTarget, routeTarget, type RouteTarget, type Surface } from './surface.js';
export { answerFrameworkError } from './framework-errors.js';
