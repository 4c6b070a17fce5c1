import type { RequestContext } from './request-context.js';
import { requestScoped } from './request-scoped.js';

/** What `@inContext` asked for: the buyer's country, language, identity and consent, for the whole operation. */
export interface InContext {
  country?: string;
  language?: string;
  buyer?: { customerAccessToken: string; companyLocationId?: string };
  visitorConsent?: { analytics?: boolean; preferences?: boolean; marketing?: boolean; saleOfData?: boolean };
}

const IN_CONTEXT = Symbol('inContext');
const NONE: InContext = Object.freeze({});

/** The operation's `@inContext`, or nothing: services read it without the GraphQL transport. */
export function inContextOf(ctx: RequestContext): InContext {
  return requestScoped(ctx, IN_CONTEXT, () => NONE);
}

/** Records the operation's checked `@inContext` (the transport's hook calls it once, before execution). */
export function setInContext(ctx: RequestContext, value: InContext): void {
  requestScoped(ctx, IN_CONTEXT, () => value);
}
