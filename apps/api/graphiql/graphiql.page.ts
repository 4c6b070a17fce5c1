import { SafeHtml, html } from '@platform/html';
import { SUPPORTED_VERSIONS } from '@platform/versioning';
import { GRAPHIQL_ASSETS_PATH, type GraphiqlBundle } from './graphiql-bundle.js';

/** The surfaces GraphiQL can talk to, as `?surface=` names them. */
export const GRAPHIQL_SURFACES = {
  storefront: {
    name: 'Storefront API',
    path: '/api/{version}/graphql.json',
    tokenHeader: 'X-Platform-Storefront-Access-Token',
    tokenRequired: false,
    defaultQuery: '{\n  shop {\n    name\n  }\n}\n',
  },
  admin: {
    name: 'Admin API',
    path: '/admin/api/{version}/graphql.json',
    tokenHeader: 'X-Platform-Access-Token',
    tokenRequired: true,
    defaultQuery: '{\n  shop {\n    name\n  }\n}\n',
  },
} as const;
export type GraphiqlSurface = keyof typeof GRAPHIQL_SURFACES;

// The newest stable version (unstable is last).
const DEFAULT_VERSION = SUPPORTED_VERSIONS.at(-2)!;

/**
 * The page's headers: its bundle and Monaco's workers from this origin, requests to this origin only, nothing framed,
 * no Referer. Styles may be inline: Monaco writes its own style elements.
 */
export const GRAPHIQL_PAGE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'content-security-policy':
    "default-src 'none'; script-src 'self'; worker-src 'self'; connect-src 'self'; style-src 'self' 'unsafe-inline'; " +
    "font-src 'self' data:; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
});

/** The GraphiQL page, opened on `surface` and `version` when they name one (else the storefront's newest stable). */
export function graphiqlPage(bundle: GraphiqlBundle, query: { surface?: string; version?: string }): string {
  const asset = (name: string) => `${GRAPHIQL_ASSETS_PATH}${name}`;
  const config = {
    title: 'GraphiQL',
    // Own names only: `in` also finds the prototype's (`?surface=constructor`), which name no surface and broke the page.
    surface: typeof query.surface === 'string' && Object.hasOwn(GRAPHIQL_SURFACES, query.surface) ? query.surface : 'storefront',
    version: typeof query.version === 'string' && SUPPORTED_VERSIONS.includes(query.version) ? query.version : DEFAULT_VERSION,
    versions: SUPPORTED_VERSIONS,
    surfaces: GRAPHIQL_SURFACES,
    workers: Object.fromEntries(Object.entries(bundle.workers).map(([label, name]) => [label, asset(name)])),
  };
  // Script content is not HTML-decoded: the JSON goes in as is, with `<` escaped so no `</script>` can end it.
  const json = new SafeHtml(JSON.stringify(config).replace(/</g, '\\u003c'));
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>GraphiQL</title>
<link rel="stylesheet" href="${asset(bundle.style)}">
<script type="application/json" id="graphiql-config">${json}</script>
<script type="module" src="${asset(bundle.script)}"></script>
</head>
<body><div id="graphiql"><noscript>GraphiQL needs JavaScript.</noscript></div></body>
</html>
`.markup;
}
