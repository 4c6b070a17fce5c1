// The one way the platform calls out: outbound-http.ts and the address rules it applies.
export { forbiddenAddress } from './address.rules.js';
export type { ResolvedAddress, Resolver } from './dns-resolver.js';
export { OutboundRefusedError, type OutboundRefusal } from './outbound.errors.js';
export {
  DEFAULT_OUTBOUND_LIMITS,
  MAX_REDIRECTS,
  OutboundHttp,
  type OutboundHttpOptions,
  type OutboundLimits,
  type OutboundRequest,
  type OutboundResponse,
} from './outbound-http.js';
export { OutboundHttpModule } from './outbound-http.module.js';
export { PLATFORM_USER_AGENT } from './pinned-request.js';
