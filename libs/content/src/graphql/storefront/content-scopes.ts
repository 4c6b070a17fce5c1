// Storefront scopes of online store content and custom data, as the hosted platform names them.
export const CONTENT = 'unauthenticated_read_content';
export const METAOBJECTS = 'unauthenticated_read_metaobjects';
