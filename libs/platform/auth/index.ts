export { AccessToken } from './access-token.entity.js';
export { AppInstallation } from './app-installation.entity.js';
export { App } from './app.entity.js';
export { AuthModule } from './auth.module.js';
export { AuthService, MAX_PUBLIC_STOREFRONT_TOKENS, type InstalledApp } from './auth.service.js';
export { appIdOf, callerHasScope, callerMayChange, type Caller } from './caller.js';
export { ADMIN_SCOPES, ALL_SCOPES, STOREFRONT_SCOPES, TOKENLESS_SCOPES, expandScopes, parseScopes, type AdminScope, type Scope, type StorefrontScope } from './scopes.js';
export { MAX_TOKEN_LENGTH, TOKEN_CACHE_TTL_MS } from './token-lookup.js';
export { TOKEN_KINDS, deriveToken, hashToken, type TokenKind } from './token-crypto.js';
