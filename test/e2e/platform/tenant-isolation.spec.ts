import type { FastifyInstance } from 'fastify';
import { type IntrospectionQuery, getIntrospectionQuery } from 'graphql';
import pg from 'pg';
import { createBlog } from '@platform/content/testing';
import { LedgerService, PayoutsService } from '@platform/payments';
import { createCharge } from '@platform/payments/testing';
import { SystemContexts } from '@platform/request';
import { DEMO_CUSTOMER_EMAIL, DEMO_CUSTOMER_PASSWORD } from '@platform/seed';
import { type IdentifierInputs, identifierInputs, nodeTypes, routeParameters, routeTable } from '../../support/identifier-inputs.js';
import { VERSION, adminQuery, send, storefrontQuery } from '../../support/http.js';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';

// Shop B's credentials of every kind, given shop A's real ids, handles and customer identifiers, must get
// nothing of A's: null, an empty list or a 404, and none of A's ids, titles or emails anywhere in the body.
// The schemas and the route table are enumerated: a field or route that takes an identifier without a
// case below fails the coverage tests.

type Caller = 'tokenless' | 'public' | 'private';
const CALLERS: Caller[] = ['tokenless', 'public', 'private'];
const TOKEN_CALLERS: Caller[] = ['public', 'private'];

/** Real identifiers of shop A's objects, as A's own app and customer see them. */
interface ShopA {
  gids: string[];
  product: { id: string; handle: string };
  collection: { id: string; handle: string };
  page: { id: string; handle: string };
  blog: { id: string; handle: string };
  article: { id: string; handle: string };
  menu: { handle: string };
  metaobject: { id: string; handle: string; type: string };
  location: string;
  customer: { token: string; email: string; password: string; firstName: string; id: string; addressId: string };
  /** An A customer with a phone, for the uniqueness checks. */
  other: { email: string; phone: string };
  /** Another A customer with a phone, for the admin's uniqueness checks (the storefront's cases take `other` on B). */
  third: { email: string; phone: string };
  /** A live account activation link of an A customer (path only), for the hosted page. */
  activationPath: string;
  /** An A order and a risk on it (REST ids). */
  risk: { orderId: number; id: number };
  /** An A cart (its id with the key), its line and the variant in it. */
  cart: { id: string; lineId: string; variantId: string };
  /** An A payout (REST id). */
  payoutId: number;
  /** An option of an A product (global id). */
  optionId: string;
  optionValueId: string;
  /** An inventory level of A's (global id); A's inventory item is its cart variant's. */
  levelId: string;
  /** A background productSet of A's (global id). */
  operationId: string;
  /** An image of an A product, kept as a file (REST ids). */
  image: { productId: number; id: number };
}

interface Probe {
  query: string;
  variables?: Record<string, unknown>;
  /** Who sends it (default: every storefront caller). */
  callers?: Caller[];
  /** What B must get; `data` is the response's data. */
  expect(data: any): void;
  /** Checks on shop A afterwards: a write attempted from B changed nothing of A's. */
  then?(): Promise<void>;
  /** The one error code B must get instead of data (A's credentials are unknown on B: never a silent fallback). */
  refusedWith?: string;
}

type Cases = Record<string, (a: ShopA, b: ShopB) => Probe[]>;

interface ShopB {
  blogHandle: string;
  customerToken: string;
  /** The global id of B's own customer. */
  customerId: string;
  /** B's own product (with a variant) and collection, for the catalog mutations that need a B object to stand on. */
  productId: string;
  /** Its option (Size, with the value S). */
  optionId: string;
  collectionId: string;
  /** B's own inventory item (its product's variant) and location. */
  itemId: string;
  locationId: string;
}

const NODE = 'query($id: ID!) { node(id: $id) { __typename id } }';
const NODES = 'query($ids: [ID!]!) { nodes(ids: $ids) { __typename id } }';

const nullAt = (field: string) => (data: any) => expect(data[field]).toBeNull();
const byId = (field: string, id: string): Probe => ({ query: `query($id: ID!) { ${field}(id: $id) { id } }`, variables: { id }, expect: nullAt(field) });
const byHandle = (field: string, handle: string): Probe => ({
  query: `query($handle: String!) { ${field}(handle: $handle) { id } }`,
  variables: { handle },
  expect: nullAt(field),
});

const STOREFRONT_CASES: Cases = {
  'Query.node': (a) => a.gids.map((id) => ({ query: NODE, variables: { id }, expect: nullAt('node') })),
  'Query.nodes': (a) => [{ query: NODES, variables: { ids: a.gids }, expect: (d) => expect(d.nodes).toEqual(a.gids.map(() => null)) }],
  'Query.product': (a) => [byId('product', a.product.id), byHandle('product', a.product.handle)],
  'Query.productByHandle': (a) => [byHandle('productByHandle', a.product.handle)],
  'Query.collection': (a) => [byId('collection', a.collection.id), byHandle('collection', a.collection.handle)],
  'Query.collectionByHandle': (a) => [byHandle('collectionByHandle', a.collection.handle)],
  'Query.page': (a) => [byId('page', a.page.id), byHandle('page', a.page.handle)],
  'Query.pageByHandle': (a) => [byHandle('pageByHandle', a.page.handle)],
  'Query.blog': (a) => [byId('blog', a.blog.id), byHandle('blog', a.blog.handle)],
  'Query.blogByHandle': (a) => [byHandle('blogByHandle', a.blog.handle)],
  'Query.article': (a) => [byId('article', a.article.id)],
  // B's own blog, asked for A's article.
  'Blog.articleByHandle': (a, b) => [
    {
      query: 'query($blog: String!, $article: String!) { blog(handle: $blog) { handle articleByHandle(handle: $article) { id } } }',
      variables: { blog: b.blogHandle, article: a.article.handle },
      expect: (d) => expect(d.blog).toEqual({ handle: b.blogHandle, articleByHandle: null }),
    },
  ],
  'Query.menu': (a) => [byHandle('menu', a.menu.handle)],
  'Query.metaobject': (a) => [
    byId('metaobject', a.metaobject.id),
    {
      query: 'query($handle: MetaobjectHandleInput!) { metaobject(handle: $handle) { id } }',
      variables: { handle: { type: a.metaobject.type, handle: a.metaobject.handle } },
      expect: nullAt('metaobject'),
    },
  ],
  'Query.customer': (a) => [
    { query: 'query($t: String!) { customer(customerAccessToken: $t) { id email } }', variables: { t: a.customer.token }, expect: nullAt('customer') },
  ],
  'Mutation.customerAccessTokenCreate': (a) => [
    {
      query: `mutation($input: CustomerAccessTokenCreateInput!) {
        customerAccessTokenCreate(input: $input) { customerAccessToken { accessToken } customerUserErrors { code } } }`,
      variables: { input: { email: a.customer.email, password: a.customer.password } },
      callers: TOKEN_CALLERS,
      expect: (d) => expect(d.customerAccessTokenCreate).toEqual({ customerAccessToken: null, customerUserErrors: [{ code: 'UNIDENTIFIED_CUSTOMER' }] }),
    },
  ],
  'Mutation.customerAccessTokenRenew': (a) => [
    {
      query: 'mutation($t: String!) { customerAccessTokenRenew(customerAccessToken: $t) { customerAccessToken { accessToken expiresAt } userErrors { message } } }',
      variables: { t: a.customer.token },
      callers: TOKEN_CALLERS,
      expect: (d) => expect(d.customerAccessTokenRenew).toEqual({ customerAccessToken: null, userErrors: [{ message: 'Access token does not exist' }] }),
    },
  ],
  'Mutation.customerAccessTokenDelete': (a) => [
    {
      query: 'mutation($t: String!) { customerAccessTokenDelete(customerAccessToken: $t) { deletedAccessToken deletedCustomerAccessTokenId userErrors { message } } }',
      variables: { t: a.customer.token },
      callers: TOKEN_CALLERS,
      expect: (d) =>
        expect(d.customerAccessTokenDelete).toEqual({ deletedAccessToken: null, deletedCustomerAccessTokenId: null, userErrors: [{ message: 'Access token does not exist' }] }),
      then: () => expectCustomerOfA(a),
    },
  ],
  'Mutation.customerUpdate': (a, b) => [
    {
      query: `mutation($t: String!, $c: CustomerUpdateInput!) {
        customerUpdate(customerAccessToken: $t, customer: $c) { customer { id } customerUserErrors { code } } }`,
      variables: { t: a.customer.token, c: { firstName: 'Mallory', password: 'taken-over-1' } },
      callers: TOKEN_CALLERS,
      expect: (d) => expect(d.customerUpdate).toEqual({ customer: null, customerUserErrors: [{ code: 'UNIDENTIFIED_CUSTOMER' }] }),
      then: () => expectCustomerOfA(a),
    },
    // A's email and phone are free on B: a TAKEN here would tell B who shops at A.
    {
      query: `mutation($t: String!, $c: CustomerUpdateInput!) {
        customerUpdate(customerAccessToken: $t, customer: $c) { customer { email phone } customerUserErrors { code } } }`,
      variables: { t: b.customerToken, c: { email: a.other.email, phone: a.other.phone } },
      callers: TOKEN_CALLERS,
      expect: (d) => expect(d.customerUpdate).toEqual({ customer: { email: a.other.email, phone: a.other.phone }, customerUserErrors: [] }),
    },
  ],
  'Mutation.customerCreate': (a) => [
    {
      query: `mutation($input: CustomerCreateInput!) { customerCreate(input: $input) { customer { email } customerUserErrors { code } } }`,
      variables: { input: { email: a.customer.email, password: 'beta-password-1' } },
      // Once: a second sign-up with the same email on B is B's own TAKEN.
      callers: ['private'],
      expect: (d) => expect(d.customerCreate).toEqual({ customer: { email: a.customer.email }, customerUserErrors: [] }),
    },
  ],
  'Query.cart': (a) => [byId('cart', a.cart.id)],
  'Mutation.cartCreate': (a) => [
    {
      query: `mutation($input: CartInput) { cartCreate(input: $input) { cart { id } userErrors { code field } } }`,
      variables: { input: { lines: [{ merchandiseId: a.cart.variantId }] } },
      expect: (d) => expect(d.cartCreate).toEqual({ cart: null, userErrors: [{ code: 'INVALID', field: ['input', 'lines', '0', 'merchandiseId'] }] }),
    },
    {
      query: `mutation($input: CartInput) { cartCreate(input: $input) { cart { id } userErrors { code field } } }`,
      variables: { input: { buyerIdentity: { customerAccessToken: a.customer.token } } },
      expect: (d) => expect(d.cartCreate).toEqual({ cart: null, userErrors: [{ code: 'INVALID', field: ['input', 'buyerIdentity', 'customerAccessToken'] }] }),
    },
  ],
  'Mutation.cartLinesAdd': (a) => [cartMutation(a, 'cartLinesAdd(cartId: $id, lines: [{ merchandiseId: $variant, quantity: 5 }])')],
  'Mutation.cartLinesUpdate': (a) => [cartMutation(a, 'cartLinesUpdate(cartId: $id, lines: [{ id: $line, quantity: 9, merchandiseId: $variant }])')],
  'Mutation.cartLinesRemove': (a) => [cartMutation(a, 'cartLinesRemove(cartId: $id, lineIds: [$line])')],
  'Mutation.cartBuyerIdentityUpdate': (a) => [cartMutation(a, `cartBuyerIdentityUpdate(cartId: $id, buyerIdentity: { email: "mallory@beta.test", customerAccessToken: ${JSON.stringify(a.customer.token)} })`)],
  'Mutation.cartNoteUpdate': (a) => [cartMutation(a, 'cartNoteUpdate(cartId: $id, note: "mallory")')],
  'Mutation.cartAttributesUpdate': (a) => [cartMutation(a, 'cartAttributesUpdate(cartId: $id, attributes: [{ key: "mallory", value: "x" }])')],
  'Mutation.cartDiscountCodesUpdate': (a) => [cartMutation(a, 'cartDiscountCodesUpdate(cartId: $id, discountCodes: ["MALLORY"])')],
  '@inContext': (a) => [
    {
      query: `query @inContext(buyer: { customerAccessToken: ${JSON.stringify(a.customer.token)}, companyLocationId: ${JSON.stringify(a.location)} },
        preferredLocationId: ${JSON.stringify(a.location)}) { shop { name } products(first: 5) { nodes { id } } }`,
      // A's customer token and location are unknown on B: the buyer is refused, and nothing runs.
      refusedWith: 'ACCESS_DENIED',
      expect: (d) => expect(d ?? null).toBeNull(),
    },
  ],
};

// A cart mutation B sends naming A's cart (and A's line and variant): an unknown cart, and A's cart is unchanged.
function cartMutation(a: ShopA, call: string): Probe {
  const all = { id: a.cart.id, line: a.cart.lineId, variant: a.cart.variantId };
  const used = Object.keys(all).filter((name) => call.includes(`$${name}`)) as (keyof typeof all)[];
  return {
    query: `mutation(${used.map((name) => `$${name}: ID!`).join(', ')}) { ${call} { cart { id } userErrors { code field } } }`,
    variables: Object.fromEntries(used.map((name) => [name, all[name]])),
    expect: (d) => expect(Object.values(d)[0]).toEqual({ cart: null, userErrors: [{ code: 'INVALID', field: ['cartId'] }] }),
    then: () => expectCartOfA(a),
  };
}

// An order mutation B sends naming A's order: an unknown order, and A's order, its refunds and payments unchanged.
function orderMutation(a: ShopA, call: string, payload: unknown): Probe {
  return {
    query: `mutation($id: ID!) { ${call} }`,
    variables: { id: `gid://platform/Order/${a.risk.orderId}` },
    expect: (d) => expect(Object.values(d)[0]).toEqual(payload),
    then: async () => expect(await orderStateOf(a.risk.orderId)).toBe(orderOfA),
  };
}

const notFound = (field: string[], code = 'NOT_FOUND') => [{ field, message: 'Customer does not exist', code }];
// A mutation B sends naming A's customer: refused as an unknown customer, and A's customer is unchanged.
const customerMutation = (query: string, variables: Record<string, unknown>, payload: unknown) => (a: ShopA): Probe => ({
  query,
  variables,
  expect: (d) => expect(Object.values(d)[0]).toEqual(payload),
  then: () => expectCustomerOfA(a),
});

// A catalog mutation B sends naming A's products, variants, options or collections: each answered as one that does not
// exist, and A's catalog is unchanged.
const catalogMutation = (query: string, variables: Record<string, unknown>, payload: unknown): Probe => ({
  query,
  variables,
  expect: (d) => expect(Object.values(d)[0]).toEqual(payload),
  then: async () => expect(await catalogStateOfA()).toBe(catalogOfA),
});
const productNotFound = (field: string[]) => [{ field, message: 'Product does not exist', code: 'NOT_FOUND' }];
const collectionNotFound = (field: string[]) => [{ field, message: 'Collection does not exist', code: 'NOT_FOUND' }];
const VARIANT_ERRORS = 'userErrors { field code }';
// A's inventory item: its cart variant's.
const itemOf = (a: ShopA) => a.cart.variantId.replace('/ProductVariant/', '/InventoryItem/');

// A's owners of metafields, each of a type a context registered, named by B's metafields mutations.
const metafieldOwnersOfA = (a: ShopA) => [
  a.product.id,
  a.collection.id,
  a.page.id,
  a.blog.id,
  a.article.id,
  a.customer.id,
  `gid://platform/Order/${a.risk.orderId}`,
  `gid://platform/Shop/${alpha.shop.id}`,
];

// A's image as admin GraphQL media.
const mediaOf = (a: ShopA) => `gid://platform/MediaImage/${a.image.id}`;

const ADMIN_CASES: Cases = {
  'Query.node': (a) => a.gids.map((id) => ({ query: NODE, variables: { id }, expect: nullAt('node') })),
  'Query.nodes': (a) => [{ query: NODES, variables: { ids: a.gids }, expect: (d) => expect(d.nodes).toEqual(a.gids.map(() => null)) }],
  'Query.customer': (a) => [byId('customer', a.customer.id)],
  'Query.product': (a) => [byId('product', a.product.id)],
  'Query.productByIdentifier': (a) => [
    { query: 'query($id: ID!) { productByIdentifier(identifier: { id: $id }) { id } }', variables: { id: a.product.id }, expect: nullAt('productByIdentifier') },
    { query: 'query($h: String!) { productByIdentifier(identifier: { handle: $h }) { id } }', variables: { h: a.product.handle }, expect: nullAt('productByIdentifier') },
    { query: '{ productByIdentifier(identifier: { customId: { namespace: "erp", key: "ref", value: "A-REF" } }) { id } }', expect: nullAt('productByIdentifier') },
  ],
  'Query.productVariant': (a) => [byId('productVariant', a.cart.variantId)],
  'Query.collection': (a) => [byId('collection', a.collection.id)],
  'Query.collectionByIdentifier': (a) => [
    { query: 'query($id: ID!) { collectionByIdentifier(identifier: { id: $id }) { id } }', variables: { id: a.collection.id }, expect: nullAt('collectionByIdentifier') },
    { query: 'query($h: String!) { collectionByIdentifier(identifier: { handle: $h }) { id } }', variables: { h: a.collection.handle }, expect: nullAt('collectionByIdentifier') },
    { query: '{ collectionByIdentifier(identifier: { customId: { namespace: "erp", key: "ref", value: "A-REF" } }) { id } }', expect: nullAt('collectionByIdentifier') },
  ],
  'Query.order': (a) => [byId('order', `gid://platform/Order/${a.risk.orderId}`)],
  'Mutation.customerCreate': (a) => [
    // A's email and phone are free on B: a TAKEN here would tell B who shops at A.
    {
      query: 'mutation($input: CustomerInput!) { customerCreate(input: $input) { customer { email phone } userErrors { field code } } }',
      variables: { input: { email: a.third.email, phone: a.third.phone, firstName: 'Beta' } },
      expect: (d) => expect(d.customerCreate).toEqual({ customer: { email: a.third.email, phone: a.third.phone }, userErrors: [] }),
    },
  ],
  'Mutation.customerUpdate': (a, b) => [
    customerMutation('mutation($input: CustomerInput!) { customerUpdate(input: $input) { customer { id } userErrors { field message code } } }', { input: { id: a.customer.id, firstName: 'Mallory' } }, {
      customer: null,
      userErrors: notFound(['input', 'id']),
    })(a),
    // B's own customer cannot take over A's address.
    {
      query: 'mutation($input: CustomerInput!) { customerUpdate(input: $input) { customer { id } userErrors { field } } }',
      variables: { input: { id: b.customerId, addresses: [{ id: a.customer.addressId, city: 'Mallory' }] } },
      expect: (d) => expect(d.customerUpdate).toEqual({ customer: null, userErrors: [{ field: ['input', 'addresses', '0', 'id'] }] }),
    },
  ],
  'Mutation.customerDelete': (a) => [
    customerMutation('mutation($id: ID!) { customerDelete(input: { id: $id }) { deletedCustomerId userErrors { field message code } } }', { id: a.customer.id }, {
      deletedCustomerId: null,
      userErrors: notFound(['input', 'id']),
    })(a),
  ],
  'Mutation.customerGenerateAccountActivationUrl': (a) => [
    customerMutation('mutation($id: ID!) { customerGenerateAccountActivationUrl(customerId: $id) { accountActivationUrl userErrors { field message code } } }', { id: a.customer.id }, {
      accountActivationUrl: null,
      userErrors: notFound(['customerId']),
    })(a),
  ],
  'Mutation.customerSendAccountInviteEmail': (a) => [
    customerMutation('mutation($id: ID!) { customerSendAccountInviteEmail(customerId: $id) { customer { id } userErrors { field message code } } }', { id: a.customer.id }, {
      customer: null,
      userErrors: notFound(['customerId'], 'INVALID'),
    })(a),
  ],
  'Mutation.customerEmailMarketingConsentUpdate': (a) => [
    customerMutation(
      'mutation($input: CustomerEmailMarketingConsentUpdateInput!) { customerEmailMarketingConsentUpdate(input: $input) { customer { id } userErrors { field message code } } }',
      { input: { customerId: a.customer.id, emailMarketingConsent: { marketingState: 'UNSUBSCRIBED' } } },
      { customer: null, userErrors: notFound(['input', 'customerId'], 'INVALID') },
    )(a),
  ],
  'Mutation.customerSmsMarketingConsentUpdate': (a) => [
    customerMutation(
      'mutation($input: CustomerSmsMarketingConsentUpdateInput!) { customerSmsMarketingConsentUpdate(input: $input) { customer { id } userErrors { field message code } } }',
      { input: { customerId: a.customer.id, smsMarketingConsent: { marketingState: 'UNSUBSCRIBED' } } },
      { customer: null, userErrors: notFound(['input', 'customerId'], 'INVALID') },
    )(a),
  ],
  'Mutation.productCreate': (a) => [
    // A's handle is free on B: a TAKEN would tell B what A sells. B's product is deleted again at once.
    {
      query: 'mutation($h: String!) { productCreate(product: { title: "Beta", handle: $h }) { product { handle } userErrors { field code } } }',
      variables: { h: a.product.handle },
      expect: (d) => expect(d.productCreate).toEqual({ product: { handle: a.product.handle }, userErrors: [] }),
      then: async () => {
        await db.query('delete from products where shop_id = $1 and handle = $2', [beta.shop.id, a.product.handle]);
        expect(await catalogStateOfA()).toBe(catalogOfA);
      },
    },
    catalogMutation('mutation($c: ID!) { productCreate(product: { title: "Beta", collectionsToJoin: [$c] }) { product { id } userErrors { field message code } } }', { c: a.collection.id }, {
      product: null,
      userErrors: collectionNotFound(['product', 'collectionsToJoin']),
    }),
  ],
  'Mutation.productUpdate': (a, b) => [
    catalogMutation('mutation($id: ID!) { productUpdate(product: { id: $id, title: "Mallory" }) { product { id } userErrors { field message code } } }', { id: a.product.id }, {
      product: null,
      userErrors: productNotFound(['product', 'id']),
    }),
    catalogMutation('mutation($id: ID!, $c: ID!) { productUpdate(product: { id: $id, collectionsToLeave: [$c] }) { product { id } userErrors { field message code } } }', { id: b.productId, c: a.collection.id }, {
      product: null,
      userErrors: collectionNotFound(['product', 'collectionsToLeave']),
    }),
    catalogMutation('mutation($id: ID!, $c: ID!) { productUpdate(product: { id: $id, collectionsToJoin: [$c] }) { product { id } userErrors { field message code } } }', { id: b.productId, c: a.collection.id }, {
      product: null,
      userErrors: collectionNotFound(['product', 'collectionsToJoin']),
    }),
    // A's handle is free on B.
    {
      query: 'mutation($id: ID!, $h: String!) { productUpdate(product: { id: $id, handle: $h }) { product { handle } userErrors { field code } } }',
      variables: { id: b.productId, h: a.product.handle },
      expect: (d) => expect(d.productUpdate).toEqual({ product: { handle: a.product.handle }, userErrors: [] }),
      then: async () => {
        // B's product gets its own handle back, for the probes after this one.
        await db.query(`update products set handle = 'beta-tee' where shop_id = $1 and handle = $2`, [beta.shop.id, a.product.handle]);
        expect(await catalogStateOfA()).toBe(catalogOfA);
      },
    },
  ],
  'Mutation.productDelete': (a) => [
    catalogMutation('mutation($id: ID!) { productDelete(input: { id: $id }) { deletedProductId userErrors { field message code } } }', { id: a.product.id }, {
      deletedProductId: null,
      userErrors: productNotFound(['input', 'id']),
    }),
  ],
  'Mutation.publishablePublish': (a) => [
    catalogMutation('mutation($id: ID!) { publishablePublish(id: $id, input: [{ publicationId: "gid://platform/Publication/1" }]) { publishable { publishedOnCurrentPublication } userErrors { field message code } } }', { id: a.product.id }, {
      publishable: null,
      userErrors: productNotFound(['id']),
    }),
  ],
  'Mutation.publishableUnpublish': (a) => [
    catalogMutation('mutation($id: ID!) { publishableUnpublish(id: $id, input: [{ publicationId: "gid://platform/Publication/1" }]) { publishable { publishedOnCurrentPublication } userErrors { field message code } } }', { id: a.product.id }, {
      publishable: null,
      userErrors: productNotFound(['id']),
    }),
  ],
  'Mutation.productVariantsBulkCreate': (a, b) => [
    catalogMutation(`mutation($id: ID!) { productVariantsBulkCreate(productId: $id, variants: [{ price: "1" }]) { product { id } ${VARIANT_ERRORS} } }`, { id: a.product.id }, {
      product: null,
      userErrors: [{ field: ['productId'], code: 'PRODUCT_DOES_NOT_EXIST' }],
    }),
    catalogMutation(`mutation($id: ID!, $o: ID!) { productVariantsBulkCreate(productId: $id, variants: [{ optionValues: [{ optionId: $o, name: "M" }] }]) { product { id } ${VARIANT_ERRORS} } }`, { id: b.productId, o: a.optionId }, {
      product: null,
      userErrors: [{ field: ['variants', '0', 'optionValues', '0'], code: 'OPTION_DOES_NOT_EXIST' }],
    }),
    catalogMutation(`mutation($id: ID!, $v: ID!) { productVariantsBulkCreate(productId: $id, variants: [{ id: $v, optionValues: [{ optionName: "Size", name: "M" }] }]) { product { id } ${VARIANT_ERRORS} } }`, { id: b.productId, v: a.cart.variantId }, {
      product: null,
      userErrors: [{ field: ['variants', '0', 'id'], code: 'NO_KEY_ON_CREATE' }],
    }),
  ],
  'Mutation.productVariantsBulkUpdate': (a, b) => [
    catalogMutation(`mutation($id: ID!, $v: ID!) { productVariantsBulkUpdate(productId: $id, variants: [{ id: $v, price: "1" }]) { product { id } ${VARIANT_ERRORS} } }`, { id: a.product.id, v: a.cart.variantId }, {
      product: null,
      userErrors: [{ field: ['productId'], code: 'PRODUCT_DOES_NOT_EXIST' }],
    }),
    catalogMutation(`mutation($id: ID!, $v: ID!) { productVariantsBulkUpdate(productId: $id, variants: [{ id: $v, price: "1" }]) { product { id } ${VARIANT_ERRORS} } }`, { id: b.productId, v: a.cart.variantId }, {
      product: null,
      userErrors: [{ field: ['variants', '0', 'id'], code: 'PRODUCT_VARIANT_DOES_NOT_EXIST' }],
    }),
    catalogMutation(`mutation($id: ID!, $o: ID!) { productVariantsBulkUpdate(productId: $id, variants: [{ optionValues: [{ optionId: $o, name: "M" }] }]) { product { id } ${VARIANT_ERRORS} } }`, { id: b.productId, o: a.optionId }, {
      product: null,
      userErrors: [{ field: ['variants', '0', 'optionValues', '0'], code: 'OPTION_DOES_NOT_EXIST' }, { field: ['variants', '0', 'id'], code: 'PRODUCT_VARIANT_ID_MISSING' }],
    }),
  ],
  'Mutation.productVariantsBulkDelete': (a, b) => [
    catalogMutation(`mutation($id: ID!, $v: ID!) { productVariantsBulkDelete(productId: $id, variantsIds: [$v]) { product { id } ${VARIANT_ERRORS} } }`, { id: a.product.id, v: a.cart.variantId }, {
      product: null,
      userErrors: [{ field: ['productId'], code: 'PRODUCT_DOES_NOT_EXIST' }],
    }),
    catalogMutation(`mutation($id: ID!, $v: ID!) { productVariantsBulkDelete(productId: $id, variantsIds: [$v]) { product { id } ${VARIANT_ERRORS} } }`, { id: b.productId, v: a.cart.variantId }, {
      product: null,
      userErrors: [{ field: ['variantsIds'], code: 'AT_LEAST_ONE_VARIANT_DOES_NOT_BELONG_TO_THE_PRODUCT' }],
    }),
  ],
  'Mutation.productOptionsCreate': (a) => [
    catalogMutation('mutation($id: ID!) { productOptionsCreate(productId: $id, options: [{ name: "Mallory", values: [{ name: "x" }] }]) { product { id } userErrors { field code } } }', { id: a.product.id }, {
      product: null,
      userErrors: [{ field: ['productId'], code: 'PRODUCT_DOES_NOT_EXIST' }],
    }),
  ],
  'Query.productOperation': (a) => [{ query: 'query($id: ID!) { productOperation(id: $id) { status } }', variables: { id: a.operationId }, expect: nullAt('productOperation') }],
  'Mutation.productSet': (a, b) => [
    // A's custom id names nothing on B: B gets a product of its own, deleted again at once.
    {
      query: 'mutation { productSet(identifier: { customId: { namespace: "erp", key: "ref", value: "A-REF" } }, input: { title: "Mallory" }) { product { id title } userErrors { field code } } }',
      expect: (d) => {
        expect(d.productSet.userErrors).toEqual([]);
        expect(d.productSet.product.title).toBe('Mallory');
        expect(d.productSet.product.id).not.toBe(a.product.id);
      },
      then: async () => {
        await db.query(`delete from metafields where shop_id = $1 and namespace = 'erp'`, [beta.shop.id]);
        await db.query(`delete from products where shop_id = $1 and title = 'Mallory'`, [beta.shop.id]);
        expect(await catalogStateOfA()).toBe(catalogOfA);
      },
    },
    catalogMutation('mutation($id: ID!) { productSet(identifier: { id: $id }, input: { title: "Mallory" }) { product { id } userErrors { field code } } }', { id: a.product.id }, {
      product: null,
      userErrors: [{ field: ['identifier', 'id'], code: 'NOT_FOUND' }],
    }),
    catalogMutation('mutation($id: ID!) { productSet(input: { id: $id, title: "Mallory" }) { product { id } userErrors { field code } } }', { id: a.product.id }, {
      product: null,
      userErrors: [{ field: ['identifier', 'id'], code: 'NOT_FOUND' }],
    }),
    // A's handle names nothing on B: B's product is made with it (and deleted again at once).
    {
      query: 'mutation($h: String!) { productSet(identifier: { handle: $h }, input: { title: "Beta" }) { product { handle } userErrors { field code } } }',
      variables: { h: a.product.handle },
      expect: (d) => expect(d.productSet).toEqual({ product: { handle: a.product.handle }, userErrors: [] }),
      then: async () => {
        await db.query('delete from products where shop_id = $1 and handle = $2', [beta.shop.id, a.product.handle]);
        expect(await catalogStateOfA()).toBe(catalogOfA);
      },
    },
    catalogMutation(
      'mutation($id: ID!, $v: ID!) { productSet(identifier: { id: $id }, input: { productOptions: [{ name: "Size", values: [{ name: "S" }] }], variants: [{ id: $v, optionValues: [{ optionName: "Size", name: "S" }] }] }) { product { id } userErrors { field code } } }',
      { id: b.productId, v: a.cart.variantId },
      { product: null, userErrors: [{ field: ['input', 'variants', '0', 'id'], code: 'PRODUCT_VARIANT_DOES_NOT_EXIST' }] },
    ),
    catalogMutation(
      'mutation($id: ID!, $o: ID!) { productSet(identifier: { id: $id }, input: { productOptions: [{ name: "Size", values: [{ name: "S" }] }], variants: [{ optionValues: [{ optionId: $o, name: "S" }] }] }) { product { id } userErrors { field code } } }',
      { id: b.productId, o: a.optionId },
      { product: null, userErrors: [{ field: ['input', 'variants', '0', 'optionValues', '0'], code: 'OPTION_DOES_NOT_EXIST' }] },
    ),
    catalogMutation('mutation($id: ID!, $c: ID!) { productSet(identifier: { id: $id }, input: { collections: [$c] }) { product { id } userErrors { field code } } }', { id: b.productId, c: a.collection.id }, {
      product: null,
      userErrors: [{ field: ['input', 'collections'], code: 'NOT_FOUND' }],
    }),
  ],
  'Mutation.productOptionsDelete': (a, b) => [
    catalogMutation('mutation($id: ID!, $o: ID!) { productOptionsDelete(productId: $id, options: [$o]) { product { id } userErrors { field code } } }', { id: a.product.id, o: a.optionId }, {
      product: null,
      userErrors: [{ field: ['productId'], code: 'PRODUCT_DOES_NOT_EXIST' }],
    }),
    catalogMutation('mutation($id: ID!, $o: ID!) { productOptionsDelete(productId: $id, options: [$o]) { product { id } userErrors { field code } } }', { id: b.productId, o: a.optionId }, {
      product: null,
      userErrors: [{ field: ['options', '0'], code: 'OPTION_DOES_NOT_EXIST' }],
    }),
  ],
  'Mutation.productOptionUpdate': (a, b) => [
    catalogMutation('mutation($id: ID!, $o: ID!) { productOptionUpdate(productId: $id, option: { id: $o, name: "Stolen" }) { product { id } userErrors { field code } } }', { id: a.product.id, o: a.optionId }, {
      product: null,
      userErrors: [{ field: ['productId'], code: 'PRODUCT_DOES_NOT_EXIST' }],
    }),
    catalogMutation('mutation($id: ID!, $o: ID!) { productOptionUpdate(productId: $id, option: { id: $o, name: "Stolen" }) { product { id } userErrors { field code } } }', { id: b.productId, o: a.optionId }, {
      product: null,
      userErrors: [{ field: ['option', 'id'], code: 'OPTION_DOES_NOT_EXIST' }],
    }),
    catalogMutation('mutation($id: ID!, $o: ID!, $v: ID!) { productOptionUpdate(productId: $id, option: { id: $o }, optionValuesToUpdate: [{ id: $v, name: "Stolen" }]) { product { id } userErrors { field code } } }', { id: b.productId, o: b.optionId, v: a.optionValueId }, {
      product: null,
      userErrors: [{ field: ['optionValuesToUpdate', '0', 'id'], code: 'OPTION_VALUE_DOES_NOT_EXIST' }],
    }),
    catalogMutation('mutation($id: ID!, $o: ID!, $v: ID!) { productOptionUpdate(productId: $id, option: { id: $o }, optionValuesToDelete: [$v]) { product { id } userErrors { field code } } }', { id: b.productId, o: b.optionId, v: a.optionValueId }, {
      product: null,
      userErrors: [{ field: ['optionValuesToDelete', '0'], code: 'OPTION_VALUE_DOES_NOT_EXIST' }],
    }),
  ],
  'Mutation.collectionCreate': (a) => [
    // A's collection handle is free on B; the collection is deleted again at once.
    {
      query: 'mutation($h: String!) { collectionCreate(input: { title: "Beta", handle: $h }) { collection { handle } userErrors { field code } } }',
      variables: { h: a.collection.handle },
      expect: (d) => expect(d.collectionCreate).toEqual({ collection: { handle: a.collection.handle }, userErrors: [] }),
      then: async () => {
        await db.query('delete from collections where shop_id = $1 and handle = $2', [beta.shop.id, a.collection.handle]);
        expect(await catalogStateOfA()).toBe(catalogOfA);
      },
    },
    catalogMutation('mutation($p: ID!) { collectionCreate(input: { title: "Beta", products: [$p] }) { collection { id } userErrors { field message code } } }', { p: a.product.id }, {
      collection: null,
      userErrors: productNotFound(['input', 'products']),
    }),
  ],
  'Mutation.collectionUpdate': (a) => [
    catalogMutation('mutation($id: ID!) { collectionUpdate(input: { id: $id, title: "Mallory" }) { collection { id } userErrors { field message code } } }', { id: a.collection.id }, {
      collection: null,
      userErrors: collectionNotFound(['input', 'id']),
    }),
  ],
  'Mutation.collectionDelete': (a) => [
    catalogMutation('mutation($id: ID!) { collectionDelete(input: { id: $id }) { deletedCollectionId userErrors { field message code } } }', { id: a.collection.id }, {
      deletedCollectionId: null,
      userErrors: collectionNotFound(['input', 'id']),
    }),
  ],
  'Mutation.collectionAddProducts': (a, b) => [
    catalogMutation('mutation($id: ID!, $p: ID!) { collectionAddProducts(id: $id, productIds: [$p]) { collection { id } userErrors { field message code } } }', { id: a.collection.id, p: b.productId }, {
      collection: null,
      userErrors: collectionNotFound(['id']),
    }),
    catalogMutation('mutation($id: ID!, $p: ID!) { collectionAddProducts(id: $id, productIds: [$p]) { collection { id } userErrors { field message code } } }', { id: b.collectionId, p: a.product.id }, {
      collection: null,
      userErrors: productNotFound(['productIds']),
    }),
  ],
  'Mutation.collectionRemoveProducts': (a, b) => [
    catalogMutation('mutation($id: ID!, $p: ID!) { collectionRemoveProducts(id: $id, productIds: [$p]) { job { id } userErrors { field message code } } }', { id: a.collection.id, p: a.product.id }, {
      job: null,
      userErrors: collectionNotFound(['id']),
    }),
    catalogMutation('mutation($id: ID!, $p: ID!) { collectionRemoveProducts(id: $id, productIds: [$p]) { job { id } userErrors { field message code } } }', { id: b.collectionId, p: a.product.id }, {
      job: null,
      userErrors: productNotFound(['productIds']),
    }),
  ],
  'Mutation.productCreateMedia': (a) => [
    catalogMutation('mutation($id: ID!) { productCreateMedia(productId: $id, media: [{ originalSource: "https://example.com/a.png", mediaContentType: IMAGE }]) { media { id } mediaUserErrors { field code } } }', { id: a.product.id }, {
      media: null,
      mediaUserErrors: [{ field: ['productId'], code: 'PRODUCT_DOES_NOT_EXIST' }],
    }),
  ],
  'Mutation.productDeleteMedia': (a, b) => [
    catalogMutation('mutation($id: ID!, $m: ID!) { productDeleteMedia(productId: $id, mediaIds: [$m]) { deletedMediaIds mediaUserErrors { field code } } }', { id: a.product.id, m: mediaOf(a) }, {
      deletedMediaIds: null,
      mediaUserErrors: [{ field: ['productId'], code: 'PRODUCT_DOES_NOT_EXIST' }],
    }),
    catalogMutation('mutation($id: ID!, $m: ID!) { productDeleteMedia(productId: $id, mediaIds: [$m]) { deletedMediaIds mediaUserErrors { field code } } }', { id: b.productId, m: mediaOf(a) }, {
      deletedMediaIds: null,
      mediaUserErrors: [{ field: ['mediaIds', '0'], code: 'MEDIA_DOES_NOT_EXIST' }],
    }),
  ],
  'Mutation.fileDelete': (a) => [
    catalogMutation('mutation($m: ID!) { fileDelete(fileIds: [$m]) { deletedFileIds userErrors { field code } } }', { m: mediaOf(a) }, {
      deletedFileIds: null,
      userErrors: [{ field: ['fileIds', '0'], code: 'FILE_DOES_NOT_EXIST' }],
    }),
  ],
  'Mutation.productVariantAppendMedia': (a, b) => [
    catalogMutation('mutation($id: ID!, $v: ID!, $m: ID!) { productVariantAppendMedia(productId: $id, variantMedia: [{ variantId: $v, mediaIds: [$m] }]) { productVariants { id } userErrors { field code } } }', { id: a.product.id, v: a.cart.variantId, m: mediaOf(a) }, {
      productVariants: null,
      userErrors: [{ field: ['productId'], code: 'PRODUCT_DOES_NOT_EXIST' }],
    }),
    catalogMutation('mutation($id: ID!, $v: ID!, $m: ID!) { productVariantAppendMedia(productId: $id, variantMedia: [{ variantId: $v, mediaIds: [$m] }]) { productVariants { id } userErrors { field code } } }', { id: b.productId, v: a.cart.variantId, m: mediaOf(a) }, {
      productVariants: null,
      userErrors: [{ field: ['variantMedia', '0', 'variantId'], code: 'PRODUCT_VARIANT_DOES_NOT_EXIST' }],
    }),
  ],
  'Mutation.productVariantDetachMedia': (a, b) => [
    catalogMutation('mutation($id: ID!, $v: ID!, $m: ID!) { productVariantDetachMedia(productId: $id, variantMedia: [{ variantId: $v, mediaIds: [$m] }]) { productVariants { id } userErrors { field code } } }', { id: a.product.id, v: a.cart.variantId, m: mediaOf(a) }, {
      productVariants: null,
      userErrors: [{ field: ['productId'], code: 'PRODUCT_DOES_NOT_EXIST' }],
    }),
    catalogMutation('mutation($id: ID!, $v: ID!, $m: ID!) { productVariantDetachMedia(productId: $id, variantMedia: [{ variantId: $v, mediaIds: [$m] }]) { productVariants { id } userErrors { field code } } }', { id: b.productId, v: a.cart.variantId, m: mediaOf(a) }, {
      productVariants: null,
      userErrors: [{ field: ['variantMedia', '0', 'variantId'], code: 'PRODUCT_VARIANT_DOES_NOT_EXIST' }],
    }),
  ],
  'Mutation.productReorderMedia': (a, b) => [
    catalogMutation('mutation($id: ID!, $m: ID!) { productReorderMedia(id: $id, moves: [{ id: $m, newPosition: "0" }]) { job { id } mediaUserErrors { field code } } }', { id: a.product.id, m: mediaOf(a) }, {
      job: null,
      mediaUserErrors: [{ field: ['id'], code: 'PRODUCT_DOES_NOT_EXIST' }],
    }),
    catalogMutation('mutation($id: ID!, $m: ID!) { productReorderMedia(id: $id, moves: [{ id: $m, newPosition: "0" }]) { job { id } mediaUserErrors { field code } } }', { id: b.productId, m: mediaOf(a) }, {
      job: null,
      mediaUserErrors: [{ field: ['moves', '0', 'id'], code: 'MEDIA_DOES_NOT_EXIST_ON_PRODUCT' }],
    }),
  ],
  'Mutation.collectionReorderProducts': (a, b) => [
    catalogMutation('mutation($id: ID!, $p: ID!) { collectionReorderProducts(id: $id, moves: [{ id: $p, newPosition: "0" }]) { job { id } userErrors { field message code } } }', { id: a.collection.id, p: a.product.id }, {
      job: null,
      userErrors: collectionNotFound(['id']),
    }),
    catalogMutation('mutation($id: ID!, $p: ID!) { collectionReorderProducts(id: $id, moves: [{ id: $p, newPosition: "0" }]) { job { id } userErrors { field message code } } }', { id: b.collectionId, p: a.product.id }, {
      job: null,
      userErrors: [{ field: ['moves', '0', 'id'], message: 'Product is not in the collection', code: 'NOT_FOUND' }],
    }),
  ],
  'Query.location': (a) => [byId('location', a.location)],
  'Query.inventoryItem': (a) => [byId('inventoryItem', itemOf(a))],
  'Query.inventoryLevel': (a) => [byId('inventoryLevel', a.levelId)],
  'Location.inventoryLevel': (a, b) => [
    { query: 'query($l: ID!, $i: ID!) { location(id: $l) { inventoryLevel(inventoryItemId: $i) { id } } }', variables: { l: b.locationId, i: itemOf(a) }, expect: (d) => expect(d.location).toEqual({ inventoryLevel: null }) },
  ],
  'InventoryItem.inventoryLevel': (a, b) => [
    { query: 'query($i: ID!, $l: ID!) { inventoryItem(id: $i) { inventoryLevel(locationId: $l) { id } } }', variables: { i: b.itemId, l: a.location }, expect: (d) => expect(d.inventoryItem).toEqual({ inventoryLevel: null }) },
  ],
  'InventoryAdjustmentGroup.changes': (a, b) => [
    catalogMutation(
      `mutation($i: ID!, $l: ID!, $ai: ID!, $al: ID!) { inventoryAdjustQuantities(input: { name: "available", reason: "correction", changes: [{ inventoryItemId: $i, locationId: $l, delta: 1 }] }) @idempotent(key: "b-own-change") {
        inventoryAdjustmentGroup { changes(inventoryItemIds: [$ai], locationIds: [$al]) { name } } userErrors { code } } }`,
      { i: b.itemId, l: b.locationId, ai: itemOf(a), al: a.location },
      { inventoryAdjustmentGroup: { changes: [] }, userErrors: [] },
    ),
  ],
  'Mutation.inventorySetQuantities': (a, b) => [
    catalogMutation(
      `mutation($i: ID!, $l: ID!) { inventorySetQuantities(input: { name: "available", reason: "correction", quantities: [{ inventoryItemId: $i, locationId: $l, quantity: 0 }] }) @idempotent(key: "b-set-1") { inventoryAdjustmentGroup { id } userErrors { field code } } }`,
      { i: itemOf(a), l: b.locationId },
      { inventoryAdjustmentGroup: null, userErrors: [{ field: ['input', 'quantities', '0', 'inventoryItemId'], code: 'INVALID_INVENTORY_ITEM' }] },
    ),
    catalogMutation(
      `mutation($i: ID!, $l: ID!) { inventorySetQuantities(input: { name: "available", reason: "correction", quantities: [{ inventoryItemId: $i, locationId: $l, quantity: 0 }] }) @idempotent(key: "b-set-2") { inventoryAdjustmentGroup { id } userErrors { field code } } }`,
      { i: b.itemId, l: a.location },
      { inventoryAdjustmentGroup: null, userErrors: [{ field: ['input', 'quantities', '0', 'locationId'], code: 'INVALID_LOCATION' }] },
    ),
  ],
  'Mutation.inventoryAdjustQuantities': (a, b) => [
    catalogMutation(
      `mutation($i: ID!, $l: ID!) { inventoryAdjustQuantities(input: { name: "available", reason: "correction", changes: [{ inventoryItemId: $i, locationId: $l, delta: -5 }] }) @idempotent(key: "b-adjust-1") { inventoryAdjustmentGroup { id } userErrors { field code } } }`,
      { i: itemOf(a), l: a.location },
      { inventoryAdjustmentGroup: null, userErrors: [{ field: ['input', 'changes', '0', 'inventoryItemId'], code: 'INVALID_INVENTORY_ITEM' }] },
    ),
  ],
  'Mutation.inventoryActivate': (a, b) => [
    catalogMutation('mutation($i: ID!, $l: ID!) { inventoryActivate(inventoryItemId: $i, locationId: $l) { inventoryLevel { id } userErrors { field code } } }', { i: itemOf(a), l: b.locationId }, {
      inventoryLevel: null,
      userErrors: [{ field: ['inventoryItemId'], code: 'NOT_FOUND' }],
    }),
    catalogMutation('mutation($i: ID!, $l: ID!) { inventoryActivate(inventoryItemId: $i, locationId: $l) { inventoryLevel { id } userErrors { field code } } }', { i: b.itemId, l: a.location }, {
      inventoryLevel: null,
      userErrors: [{ field: ['locationId'], code: 'NOT_FOUND' }],
    }),
  ],
  'Mutation.inventoryDeactivate': (a) => [
    catalogMutation('mutation($id: ID!) { inventoryDeactivate(inventoryLevelId: $id) { userErrors { field code } } }', { id: a.levelId }, { userErrors: [{ field: ['inventoryLevelId'], code: 'NOT_FOUND' }] }),
  ],
  'Mutation.tagsAdd': (a) => [
    customerMutation('mutation($id: ID!) { tagsAdd(id: $id, tags: ["mallory"]) { node { id } userErrors { field message code } } }', { id: a.customer.id }, {
      node: null,
      userErrors: notFound(['id']),
    })(a),
    orderMutation(a, 'tagsAdd(id: $id, tags: ["mallory"]) { node { id } userErrors { field message code } }', {
      node: null,
      userErrors: [{ field: ['id'], message: 'Order does not exist', code: 'NOT_FOUND' }],
    }),
    catalogMutation('mutation($id: ID!) { tagsAdd(id: $id, tags: ["mallory"]) { node { id } userErrors { field message code } } }', { id: a.product.id }, {
      node: null,
      userErrors: productNotFound(['id']),
    }),
  ],
  'Mutation.orderRiskAssessmentCreate': (a) => [
    {
      query: `mutation($id: ID!) { orderRiskAssessmentCreate(orderRiskAssessmentInput: { orderId: $id, riskLevel: HIGH, facts: [] }) {
        orderRiskAssessment { riskLevel } userErrors { field code } } }`,
      variables: { id: `gid://platform/Order/${a.risk.orderId}` },
      expect: (d) => expect(d.orderRiskAssessmentCreate).toEqual({ orderRiskAssessment: null, userErrors: [{ field: ['orderRiskAssessmentInput', 'orderId'], code: 'NOT_FOUND' }] }),
      then: () => expectRiskOfA(a),
    },
  ],
  'Mutation.refundCreate': (a) => [
    orderMutation(a, 'refundCreate(input: { orderId: $id, shipping: { fullRefund: true }, transactions: [{ orderId: $id, amount: "1.00", kind: REFUND, gateway: "manual" }] }) { order { id } userErrors { field code } }', {
      order: null,
      userErrors: [{ field: ['input', 'orderId'], code: 'NOT_FOUND' }],
    }),
  ],
  'Mutation.orderCancel': (a) => [
    orderMutation(a, 'orderCancel(orderId: $id, reason: FRAUD, refund: true, restock: true) { job { id } orderCancelUserErrors { field code } }', {
      job: null,
      orderCancelUserErrors: [{ field: ['orderId'], code: 'NOT_FOUND' }],
    }),
  ],
  'Mutation.orderClose': (a) => [orderMutation(a, 'orderClose(input: { id: $id }) { order { id } userErrors { field code } }', { order: null, userErrors: [{ field: ['input', 'id'], code: 'NOT_FOUND' }] })],
  'Mutation.orderOpen': (a) => [orderMutation(a, 'orderOpen(input: { id: $id }) { order { id } userErrors { field code } }', { order: null, userErrors: [{ field: ['input', 'id'], code: 'NOT_FOUND' }] })],
  'Mutation.metafieldsSet': (a) => [
    {
      query: 'mutation($m: [MetafieldsSetInput!]!) { metafieldsSet(metafields: $m) { metafields { id value } userErrors { field message code elementIndex } } }',
      variables: { m: metafieldOwnersOfA(a).map((ownerId) => ({ ownerId, namespace: 'custom', key: 'material', type: 'single_line_text_field', value: 'mallory' })) },
      // Every owner of A is one that does not exist, as an unknown id would be: nothing tells B it is A's.
      expect: (d) =>
        expect(d.metafieldsSet).toEqual({
          metafields: null,
          userErrors: metafieldOwnersOfA(a).map((_, i) => ({ field: ['metafields', String(i), 'ownerId'], message: 'Owner does not exist.', code: 'INVALID', elementIndex: i })),
        }),
      then: async () => expect(await metafieldsStateOfA()).toBe(metafieldsOfA),
    },
  ],
  'Mutation.metafieldsDelete': (a) => [
    {
      query: 'mutation($m: [MetafieldIdentifierInput!]!) { metafieldsDelete(metafields: $m) { deletedMetafields { ownerId key } userErrors { field code } } }',
      variables: { m: metafieldOwnersOfA(a).map((ownerId) => ({ ownerId, namespace: 'custom', key: 'material' })) },
      expect: (d) => expect(d.metafieldsDelete).toEqual({ deletedMetafields: metafieldOwnersOfA(a).map(() => null), userErrors: [] }),
      then: async () => expect(await metafieldsStateOfA()).toBe(metafieldsOfA),
    },
  ],
  'Mutation.tagsRemove': (a) => [
    customerMutation('mutation($id: ID!) { tagsRemove(id: $id, tags: ["vip"]) { node { id } userErrors { field message code } } }', { id: a.customer.id }, {
      node: null,
      userErrors: notFound(['id']),
    })(a),
    orderMutation(a, 'tagsRemove(id: $id, tags: ["vip"]) { node { id } userErrors { field message code } }', {
      node: null,
      userErrors: [{ field: ['id'], message: 'Order does not exist', code: 'NOT_FOUND' }],
    }),
    catalogMutation('mutation($id: ID!) { tagsRemove(id: $id, tags: ["vip"]) { node { id } userErrors { field message code } } }', { id: a.product.id }, {
      node: null,
      userErrors: productNotFound(['id']),
    }),
  ],
};

const restPath = (path: string) => `/admin/api/${VERSION}/${path}`;
const ONE_PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADElEQVQImWP4z8AAAAMBAQCc479ZAAAAAElFTkSuQmCC';
const legacyId = (gid: string) => gid.split('/').pop()!;
const ofCustomer = (a: ShopA, rest = '') => restPath(`customers/${legacyId(a.customer.id)}${rest}.json`);
// `gid://platform/Cart/<token>?key=<key>` → its checkout URL's path.
const checkoutPath = (cartId: string) => `/cart/c/${cartId.split('/').pop()!}`;

/** `METHOD /path` of each route with an id parameter → requests B sends with A's ids (expect 404). */
// Routes whose parameter names no shop's data: the same answer on every host (GraphiQL's bundle, by file name).
const SHOP_FREE_ROUTES = ['GET /graphiql/assets/:name'];

const REST_CASES: Record<string, (a: ShopA) => { url: string; body?: unknown; rawBody?: string; headers?: Record<string, string> }[]> = {
  'GET /admin/api/:version/customers/:id.json': (a) => [{ url: ofCustomer(a) }],
  'PUT /admin/api/:version/customers/:id.json': (a) => [{ url: ofCustomer(a), body: { customer: { first_name: 'Mallory', email: a.third.email } } }],
  'DELETE /admin/api/:version/customers/:id.json': (a) => [{ url: ofCustomer(a) }],
  'POST /admin/api/:version/customers/:id/account_activation_url.json': (a) => [{ url: ofCustomer(a, '/account_activation_url') }],
  'POST /admin/api/:version/customers/:id/send_invite.json': (a) => [{ url: ofCustomer(a, '/send_invite'), body: { customer_invite: { to: 'mallory@beta.test' } } }],
  'GET /admin/api/:version/customers/:id/orders.json': (a) => [{ url: `${ofCustomer(a, '/orders')}?status=any` }],
  'GET /admin/api/:version/orders/:id.json': (a) => [{ url: restPath(`orders/${a.risk.orderId}`) }],
  'GET /admin/api/:version/platform_payments/payouts/:id.json': (a) => [{ url: restPath(`platform_payments/payouts/${a.payoutId}`) }],
  'POST /admin/api/:version/orders/:id/risks.json': (a) => [{ url: restPath(`orders/${a.risk.orderId}/risks`), body: { risk: { recommendation: 'cancel' } } }],
  'GET /admin/api/:version/orders/:id/risks.json': (a) => [{ url: restPath(`orders/${a.risk.orderId}/risks`) }],
  'GET /admin/api/:version/orders/:id/risks/:risk_id.json': (a) => [{ url: restPath(`orders/${a.risk.orderId}/risks/${a.risk.id}`) }],
  'PUT /admin/api/:version/orders/:id/risks/:risk_id.json': (a) => [{ url: restPath(`orders/${a.risk.orderId}/risks/${a.risk.id}`), body: { risk: { recommendation: 'cancel' } } }],
  'DELETE /admin/api/:version/orders/:id/risks/:risk_id.json': (a) => [{ url: restPath(`orders/${a.risk.orderId}/risks/${a.risk.id}`) }],
  'GET /admin/api/:version/products/:id/images.json': (a) => [{ url: restPath(`products/${a.image.productId}/images`) }],
  'GET /admin/api/:version/products/:id/images/count.json': (a) => [{ url: restPath(`products/${a.image.productId}/images/count`) }],
  'GET /admin/api/:version/products/:id/images/:image_id.json': (a) => [{ url: restPath(`products/${a.image.productId}/images/${a.image.id}`) }],
  'POST /admin/api/:version/products/:id/images.json': (a) => [{ url: restPath(`products/${a.image.productId}/images`), body: { image: { attachment: ONE_PIXEL_PNG } } }],
  'PUT /admin/api/:version/products/:id/images/:image_id.json': (a) => [{ url: restPath(`products/${a.image.productId}/images/${a.image.id}`), body: { image: { alt: 'Mallory', position: 1 } } }],
  'DELETE /admin/api/:version/products/:id/images/:image_id.json': (a) => [{ url: restPath(`products/${a.image.productId}/images/${a.image.id}`) }],
  // A's live link on B's host: the page does not know it.
  'GET /account/activate/:customerId/:token': (a) => [{ url: a.activationPath }],
  'POST /account/activate/:customerId/:token': (a) => [
    {
      url: a.activationPath,
      rawBody: 'password=mallory-1&password_confirmation=mallory-1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    },
  ],
  // A's cart checkout (token and key) on B's host: B has no such cart, and nothing is paid.
  'GET /cart/c/:token': (a) => [{ url: checkoutPath(a.cart.id) }],
  'POST /cart/c/:token': (a) => [
    {
      url: checkoutPath(a.cart.id),
      rawBody: 'email=mallory%40beta.test&last_name=M&address1=1+Road&city=Town&country=US&wallet_token=tok_test_approved&expected_total=1.00',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    },
  ],
};

let t: TestApp;
let alpha: TestShop;
let beta: TestShop;
let shopA: ShopA;
let shopB: ShopB;
let fingerprints: string[];
let db: pg.Client;

const storefrontHeaders = (shop: TestShop, caller: Caller): Record<string, string> =>
  caller === 'tokenless'
    ? {}
    : caller === 'public'
      ? { 'x-platform-storefront-access-token': shop.tokens.storefrontAccessToken }
      : { 'platform-storefront-private-token': shop.tokens.storefrontPrivateToken, 'platform-storefront-buyer-ip': '203.0.113.50' };

async function storefront(shop: TestShop, caller: Caller, query: string, variables: Record<string, unknown> = {}) {
  return storefrontQuery(t.app, shop.host, query, storefrontHeaders(shop, caller), { variables });
}

async function expectCustomerOfA(a: ShopA): Promise<void> {
  const res = await storefront(alpha, 'private', 'query($t: String!) { customer(customerAccessToken: $t) { email firstName } }', { t: a.customer.token });
  expect(res.body.data.customer).toEqual({ email: a.customer.email, firstName: a.customer.firstName });
}

// A's cart as A made it: one line of one unit, no note, attributes, codes or buyer.
async function expectCartOfA(a: ShopA): Promise<void> {
  const res = await storefront(alpha, 'private', 'query($id: ID!) { cart(id: $id) { note attributes { key } discountCodes { code } buyerIdentity { email } lines(first: 5) { nodes { id quantity } } } }', { id: a.cart.id });
  expect(res.body.data.cart).toEqual({ note: null, attributes: [], discountCodes: [], buyerIdentity: { email: null }, lines: { nodes: [{ id: a.cart.lineId, quantity: 1 }] } });
}

// A's risk as A wrote it: nothing B sent changed it or added one.
async function expectRiskOfA(a: ShopA): Promise<void> {
  const rows = (await db.query('select id, recommendation from order_risks where order_id = $1 order by id', [a.risk.orderId])).rows;
  expect(rows).toEqual([{ id: String(a.risk.id), recommendation: 'investigate' }]);
}

/** A's strings found in a body, leaving out those the request itself carried (echoing them betrays nothing). */
/** A's strings in `text` (whole values: `Customer/1` is not found in `Customer/12`), less those the request itself carried. */
function leaksIn(text: string, request: string, own: ReadonlySet<string> = new Set()): string[] {
  return fingerprints.filter((f) => {
    if (own.has(f)) return false;
    const json = JSON.stringify(f).slice(1, -1);
    const found = new RegExp(`${escapeRegExp(json)}(?![\\w])`).test(text);
    return found && !request.includes(json);
  });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

async function introspect(surface: 'storefront' | 'admin'): Promise<IntrospectionQuery['__schema']> {
  const res =
    surface === 'storefront'
      ? await storefront(beta, 'private', getIntrospectionQuery())
      : await adminQuery(t.app, beta.host, beta.tokens.adminAccessToken, getIntrospectionQuery());
  expect(res.body.errors).toBeUndefined();
  return res.body.data.__schema;
}

const A_DATA = `query($token: String!) {
  shop { id name primaryDomain { host } }
  products(first: 6) { nodes { id handle title vendor
    options { id name } variants(first: 3) { nodes { id title sku } } images(first: 2) { nodes { id url } }
    metafields(identifiers: [{ namespace: "custom", key: "designer" }, { namespace: "custom", key: "material" }]) { id value }
    sellingPlanGroups(first: 2) { nodes { name sellingPlans(first: 2) { nodes { id name } } } } } }
  collections(first: 3) { nodes { id handle title } }
  pages(first: 3) { nodes { id handle title } }
  blogs(first: 2) { nodes { id handle title articles(first: 3) { nodes { id handle title } } } }
  menu(handle: "main-menu") { id handle title items { id title resourceId items { id title } } }
  metaobjects(type: "designer", first: 3) { nodes { id handle type fields { key value } } }
  customer(customerAccessToken: $token) { id email firstName lastName phone
    addresses(first: 3) { nodes { id address1 city zip } }
    orders(first: 3) { nodes { id name email lineItems(first: 2) { nodes { title } } } } }
}`;

// Values of these keys identify A's objects; shorter strings are too common to mean anything.
const FINGERPRINT_KEYS = new Set(['id', 'handle', 'title', 'name', 'email', 'phone', 'address1', 'city', 'zip', 'sku', 'url', 'vendor', 'host', 'value', 'firstName', 'lastName', 'resourceId']);

function stringsUnder(value: unknown, keys: ReadonlySet<string>, found = new Set<string>(), key?: string): Set<string> {
  if (typeof value === 'string' && key !== undefined && keys.has(key) && value.length >= 5) found.add(value);
  else if (Array.isArray(value)) value.forEach((v) => stringsUnder(v, keys, found, key));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) stringsUnder(v, keys, found, k);
  return found;
}

beforeAll(async () => {
  const raised = { capacity: 1e9, leakPerSecond: 1e9 };
  t = await createTestApp({}, { storefront: raised, rest: raised, adminGraphql: raised, customerLogin: { perEmail: raised, perIp: raised } });
  alpha = await t.seedShop('alpha', { products: 6, customers: 10, orders: 10, seed: 2 });
  beta = await t.createShop('beta');
  db = new pg.Client({ connectionString: t.databaseUrl });
  await db.connect();

  // B: its own blog and its own customer, for the fields that need a B object to stand on.
  await createBlog(t.app.get(SystemContexts).forShop(beta.shop), { handle: 'beta-journal', title: 'Beta journal' });
  const signUp = await storefront(beta, 'private', 'mutation { customerCreate(input: { email: "b-buyer@beta.test", password: "b-password-1" }) { customerUserErrors { code } } }');
  expect(signUp.body.data.customerCreate.customerUserErrors).toEqual([]);
  const bLogin = await storefront(beta, 'private', 'mutation { customerAccessTokenCreate(input: { email: "b-buyer@beta.test", password: "b-password-1" }) { customerAccessToken { accessToken } } }');
  const customerToken: string = bLogin.body.data.customerAccessTokenCreate.customerAccessToken.accessToken;
  const bCustomer = await storefront(beta, 'private', 'query($t: String!) { customer(customerAccessToken: $t) { id } }', { t: customerToken });
  const bAdmin = (query: string) => adminQuery(t.app, beta.host, beta.tokens.adminAccessToken, query);
  const bProduct = await bAdmin(
    'mutation { productCreate(product: { title: "Beta tee", productOptions: [{ name: "Size", values: [{ name: "S" }] }] }) { product { id options { id } variants(first: 1) { nodes { inventoryItem { id } } } } } }',
  );
  const bLocation = await bAdmin('{ locations(first: 1) { nodes { id } } }');
  const bCollection = await bAdmin('mutation { collectionCreate(input: { title: "Beta picks" }) { collection { id } } }');
  shopB = {
    blogHandle: 'beta-journal',
    customerToken,
    customerId: bCustomer.body.data.customer.id,
    productId: bProduct.body.data.productCreate.product.id,
    optionId: bProduct.body.data.productCreate.product.options[0].id,
    collectionId: bCollection.body.data.collectionCreate.collection.id,
    itemId: bProduct.body.data.productCreate.product.variants.nodes[0].inventoryItem.id,
    locationId: bLocation.body.data.locations.nodes[0].id,
  };

  // A, as A's own app and customer see it.
  const aLogin = await storefront(alpha, 'private', 'mutation($i: CustomerAccessTokenCreateInput!) { customerAccessTokenCreate(input: $i) { customerAccessToken { accessToken } } }', {
    i: { email: DEMO_CUSTOMER_EMAIL, password: DEMO_CUSTOMER_PASSWORD },
  });
  const token: string = aLogin.body.data.customerAccessTokenCreate.customerAccessToken.accessToken;
  const aData = await storefront(alpha, 'private', A_DATA, { token });
  expect(aData.body.errors).toBeUndefined();
  const d = aData.body.data;
  const [other, third] = (await db.query('select email, phone from customers where shop_id = $1 and phone is not null and email <> $2 order by id limit 2', [alpha.shop.id, DEMO_CUSTOMER_EMAIL])).rows;
  expect(third).toBeDefined();
  const blog = d.blogs.nodes[0];
  const metaobject = d.metaobjects.nodes[0];
  const [invitee] = (await db.query("select id from customers where shop_id = $1 and state <> 'enabled' order by id limit 1", [alpha.shop.id])).rows;
  const link = await send(t.app, {
    method: 'POST',
    url: restPath(`customers/${invitee.id}/account_activation_url.json`),
    host: alpha.host,
    headers: { 'x-platform-access-token': alpha.tokens.adminAccessToken },
  });
  expect(link.status).toBe(200);
  const gids = [...new Set(JSON.stringify(d).match(/gid:\/\/platform\/\w+\/\d+/g) ?? [])];
  // A's product and collection carry custom ids (their `id` metafields), which B looks up by.
  for (const [ownerType, gid] of [['PRODUCT', d.products.nodes[0].id], ['COLLECTION', d.collections.nodes[0].id]] as const) {
    await db.query(`insert into metafields (shop_id, owner_type, owner_id, namespace, key, type, value) values ($1, $2, $3, 'erp', 'ref', 'id', 'A-REF')`, [alpha.shop.id, ownerType, Number(gid.split('/').pop())]);
  }
  shopA = {
    gids,
    product: d.products.nodes[0],
    collection: d.collections.nodes[0],
    page: d.pages.nodes[0],
    blog,
    article: blog.articles.nodes[0],
    menu: d.menu,
    metaobject,
    location: `gid://platform/Location/${(await db.query('select id from locations where shop_id = $1 order by id limit 1', [alpha.shop.id])).rows[0].id}`,
    customer: { token, email: d.customer.email, password: DEMO_CUSTOMER_PASSWORD, firstName: d.customer.firstName, id: d.customer.id, addressId: d.customer.addresses.nodes[0].id },
    other,
    third,
    activationPath: new URL((link.body as { account_activation_url: string }).account_activation_url).pathname,
    risk: await riskOfA(),
    cart: await cartOfA(),
    payoutId: await payoutOfA(),
    operationId: await operationOfA(),
    image: await imageOfA(),
    levelId: `gid://platform/InventoryLevel/${(await db.query('select id from inventory_levels where shop_id = $1 order by id limit 1', [alpha.shop.id])).rows[0].id}`,
    optionId: `gid://platform/ProductOption/${(await db.query('select id from product_options where shop_id = $1 order by id limit 1', [alpha.shop.id])).rows[0].id}`,
    optionValueId: `gid://platform/ProductOptionValue/${(await db.query('select value_ids[1] as id from product_options where shop_id = $1 order by id limit 1', [alpha.shop.id])).rows[0].id}`,
  };

  // A's strings, less any that B's own answer to the same query holds (shared vocabulary is not a leak).
  const bData = await storefront(beta, 'private', A_DATA, { token: shopB.customerToken });
  const bStrings = stringsUnder(bData.body.data, FINGERPRINT_KEYS);
  fingerprints = [...stringsUnder(d, FINGERPRINT_KEYS), other.email, other.phone, third.email, third.phone, alpha.host].filter((s) => !bStrings.has(s));
});

// A background productSet of A's, waited for until COMPLETE (A's catalog is then still until B's probes).
async function operationOfA(): Promise<string> {
  const asA = (query: string, variables = {}) => adminQuery(t.app, alpha.host, alpha.tokens.adminAccessToken, query, { variables });
  const started = await asA('mutation { productSet(synchronous: false, input: { title: "Alpha later" }) { productSetOperation { id } } }');
  const id: string = started.body.data.productSet.productSetOperation.id;
  for (let i = 0; i < 200; i++) {
    const status = (await asA('query($id: ID!) { productOperation(id: $id) { status } }', { id })).body.data.productOperation.status;
    if (status === 'COMPLETE') return id;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('A\'s productSet operation did not complete');
}

// A cart of one unit of an A variant, made on A's storefront.
async function cartOfA(): Promise<ShopA['cart']> {
  const [variant] = (
    await db.query(
      `select v.id from product_variants v join products p on p.id = v.product_id
        where v.shop_id = $1 and v.available_for_sale and p.status = 'active' and p.published_at <= now() order by v.id limit 1`,
      [alpha.shop.id],
    )
  ).rows;
  const variantId = `gid://platform/ProductVariant/${variant.id}`;
  const made = await storefront(alpha, 'private', 'mutation($v: ID!) { cartCreate(input: { lines: [{ merchandiseId: $v }] }) { cart { id lines(first: 1) { nodes { id } } } } }', { v: variantId });
  const cart = made.body.data.cartCreate.cart;
  return { id: cart.id, lineId: cart.lines.nodes[0].id, variantId };
}

// An image of an A product from an attachment (a 1 × 1 PNG), made by A's app over REST.
async function imageOfA(): Promise<ShopA['image']> {
  const [product] = (await db.query('select id from products where shop_id = $1 order by id limit 1', [alpha.shop.id])).rows;
  const made = await send(t.app, {
    method: 'POST',
    url: restPath(`products/${product.id}/images.json`),
    host: alpha.host,
    headers: { 'x-platform-access-token': alpha.tokens.adminAccessToken },
    body: { image: { attachment: ONE_PIXEL_PNG, alt: 'Alpha front' } },
  });
  expect(made.status).toBe(200);
  return { productId: Number(product.id), id: made.body.image.id };
}

// A risk on an A order with no other risk, made by A's app over REST.
// A payout of A's: one the seed made, else a charge large enough to be paid out whatever is pending.
async function payoutOfA(): Promise<number> {
  const [seeded] = (await db.query('select id from payouts where shop_id = $1 order by id limit 1', [alpha.shop.id])).rows;
  if (seeded) return Number(seeded.id);
  const ctx = t.app.get(SystemContexts).forShop(alpha.shop);
  await createCharge(t.app.get(LedgerService), ctx, { amount: '100000.00', processedAt: new Date(Date.now() - 60_000) });
  return (await t.app.get(PayoutsService).run(ctx)).created[0]!.id;
}

async function riskOfA(): Promise<ShopA['risk']> {
  const [order] = (await db.query('select o.id from orders o where o.shop_id = $1 and not exists (select 1 from order_risks r where r.order_id = o.id) order by o.id limit 1', [alpha.shop.id])).rows;
  const made = await send(t.app, {
    method: 'POST',
    url: restPath(`orders/${order.id}/risks.json`),
    host: alpha.host,
    headers: { 'x-platform-access-token': alpha.tokens.adminAccessToken },
    body: { risk: { recommendation: 'investigate', message: 'Alpha proxy check' } },
  });
  expect(made.status).toBe(201);
  return { orderId: Number(order.id), id: made.body.risk.id };
}

// A's order as it was before B's probes: B's refunds, cancels, closes and opens must leave it so.
let orderOfA = '';
const orderStateOf = async (orderId: number) =>
  JSON.stringify(
    (await db.query(
      `select o.closed_at, o.cancelled_at, o.cancel_reason, o.financial_status, o.fulfillment_status, o.tags, o.updated_at,
        (select count(*) from refunds r where r.order_id = o.id) as refunds, (select count(*) from order_transactions x where x.order_id = o.id) as transactions
       from orders o where o.id = $1`,
      [orderId],
    )).rows,
  );
beforeAll(async () => {
  orderOfA = await orderStateOf(shopA.risk.orderId);
});

// A's catalog as it was before B's probes: B's catalog mutations must leave it so.
let catalogOfA = '';
const catalogStateOfA = async () =>
  JSON.stringify(
    (await db.query(
      `select (select json_agg(p order by p.id) from (select id, handle, title, status, tags, published_at, updated_at from products where shop_id = $1) p) as products,
        (select json_agg(v order by v.id) from (select id, product_id, title, price, position, option1, image_id from product_variants where shop_id = $1) v) as variants,
        (select json_agg(i order by i.id) from (select id, product_id, position, alt, file_key, updated_at from product_images where shop_id = $1) i) as images,
        (select json_agg(o order by o.id) from (select id, name, values, value_ids from product_options where shop_id = $1) o) as options,
        (select json_agg(c order by c.id) from (select id, handle, title, updated_at from collections where shop_id = $1) c) as collections,
        (select json_agg(cp order by cp.id) from (select id, collection_id, product_id, position from collection_products where shop_id = $1) cp) as places,
        (select json_agg(il order by il.id) from (select id, variant_id, location_id, available, damaged, updated_at from inventory_levels where shop_id = $1) il) as levels`,
      [alpha.shop.id],
    )).rows,
  );
beforeAll(async () => {
  catalogOfA = await catalogStateOfA();
});

// A's metafields as they were before B's probes: B's metafieldsSet and metafieldsDelete must leave them so.
let metafieldsOfA = '';
const metafieldsStateOfA = async () =>
  JSON.stringify((await db.query('select id, owner_type, owner_id, namespace, key, type, value, updated_at from metafields where shop_id = $1 order by id', [alpha.shop.id])).rows);
beforeAll(async () => {
  metafieldsOfA = await metafieldsStateOfA();
});

afterAll(async () => {
  await db?.end();
  await t?.close();
});

describe('tenant isolation: coverage', () => {
  const coverage = (found: IdentifierInputs, cases: Cases) => ({
    missing: [...found.keys()].filter((key) => !(key in cases)).map((key) => `${key}(${found.get(key)!.join(', ')})`),
    stale: Object.keys(cases).filter((key) => !found.has(key)),
  });

  it('has a case for every storefront field and directive that takes an id, a handle or a customer identifier', async () => {
    const found = identifierInputs(await introspect('storefront'));
    // Arguments, input objects and directives are all read.
    expect(found.get('Query.product')).toEqual(['id', 'handle']);
    expect(found.get('Mutation.customerUpdate')).toEqual(['customerAccessToken', 'customer.email', 'customer.phone']);
    expect(found.get('@inContext')).toEqual(['preferredLocationId', 'buyer.customerAccessToken', 'buyer.companyLocationId']);
    expect(coverage(found, STOREFRONT_CASES)).toEqual({ missing: [], stale: [] });
  });

  it('has a case for every admin GraphQL field that takes one', async () => {
    expect(coverage(identifierInputs(await introspect('admin')), ADMIN_CASES)).toEqual({ missing: [], stale: [] });
  });

  it('has a case for every REST route with an id parameter', () => {
    const routes = routeTable(t.app.getHttpAdapter().getInstance() as FastifyInstance);
    // The table is really read: the routes every deployment has are in it.
    expect(routes).toEqual(expect.arrayContaining([{ method: 'GET', path: '/admin/api/:version/shop.json' }, { method: 'POST', path: '/api/:version/graphql.json' }]));
    const withIds = routes.filter((r) => routeParameters(r.path).length > 0).map((r) => `${r.method} ${r.path}`).filter((key) => !SHOP_FREE_ROUTES.includes(key));
    expect({ missing: withIds.filter((key) => !(key in REST_CASES)), stale: Object.keys(REST_CASES).filter((key) => !withIds.includes(key)) }).toEqual({ missing: [], stale: [] });
  });

  it('knows an object of every storefront Node type in shop A', async () => {
    const types = nodeTypes(await introspect('storefront'));
    const sampled = new Set(shopA.gids.map((gid) => gid.split('/')[3]));
    expect(types.filter((type) => !sampled.has(type))).toEqual([]);
    expect(fingerprints.length).toBeGreaterThan(50);
  });
});

describe('tenant isolation: storefront', () => {
  it.each(Object.keys(STOREFRONT_CASES))("%s gives shop B's callers nothing of shop A's", async (key) => {
    for (const probe of STOREFRONT_CASES[key](shopA, shopB)) {
      for (const caller of probe.callers ?? CALLERS) {
        const res = await storefront(beta, caller, probe.query, probe.variables);
        const context = `${key} as ${caller}: ${res.text.slice(0, 500)}`;
        expect({ context, status: res.status }).toEqual({ context, status: 200 });
        // Tokenless callers may be refused a field that needs a token; nothing else may fail.
        const codes = (res.body.errors ?? []).map((e: any) => e.extensions?.code);
        if (probe.refusedWith) expect({ context, codes }).toEqual({ context, codes: [probe.refusedWith] });
        else expect({ context, codes }).toEqual({ context, codes: caller === 'tokenless' ? codes.filter((c: string) => c === 'ACCESS_DENIED') : [] });
        // A refusal may null the whole answer (a non-null list whose item was refused).
        if (res.body.data !== null || codes.length === 0) probe.expect(res.body.data);
        expect({ context, leaks: leaksIn(res.text, JSON.stringify([probe.query, probe.variables])) }).toEqual({ context, leaks: [] });
        await probe.then?.();
      }
    }
  });
});

describe('tenant isolation: lists and searches', () => {
  it("show shop B none of shop A's objects, even searched for by A's own words", async () => {
    const word = (await storefront(alpha, 'private', `query($id: ID!) { product(id: $id) { title } }`, { id: shopA.product.id })).body.data.product.title.split(' ')[0];
    const query = `query($q: String!) {
      products(first: 10, query: $q) { nodes { id } } all: products(first: 10) { nodes { id } }
      collections(first: 10) { nodes { id } } pages(first: 10) { nodes { id } } articles(first: 10) { nodes { id } }
      blogs(first: 10) { nodes { handle articles(first: 10) { nodes { id } } } }
      metaobjects(type: "${shopA.metaobject.type}", first: 10) { nodes { id } } productTags(first: 10) { nodes }
      search(first: 10, query: $q) { totalCount nodes { ... on Product { id } ... on Page { id } ... on Article { id } } }
      predictiveSearch(query: $q) { products { id } collections { id } pages { id } articles { id } queries { text } } }`;
    for (const caller of TOKEN_CALLERS) {
      const res = await storefront(beta, caller, query, { q: word });
      expect(res.body.errors).toBeUndefined();
      const none = { nodes: [] };
      // B's own collection (collections are not published, so it is listed) and blog, nothing of A's.
      expect(res.body.data).toEqual({
        products: none, all: none, collections: { nodes: [{ id: shopB.collectionId }] }, pages: none, articles: none,
        blogs: { nodes: [{ handle: shopB.blogHandle, articles: none }] },
        metaobjects: none, productTags: none,
        search: { totalCount: 0, nodes: [] },
        predictiveSearch: { products: [], collections: [], pages: [], articles: [], queries: [] },
      });
    }
  });
});

describe('tenant isolation: admin', () => {
  it.each(Object.keys(ADMIN_CASES))("%s gives shop B's admin token nothing of shop A's", async (key) => {
    for (const probe of ADMIN_CASES[key](shopA, shopB)) {
      const res = await adminQuery(t.app, beta.host, beta.tokens.adminAccessToken, probe.query, { variables: probe.variables });
      const context = `${key}: ${res.text.slice(0, 500)}`;
      expect({ context, status: res.status, errors: res.body.errors }).toEqual({ context, status: 200, errors: undefined });
      probe.expect(res.body.data);
      expect({ context, leaks: leaksIn(res.text, JSON.stringify([probe.query, probe.variables])) }).toEqual({ context, leaks: [] });
      await probe.then?.();
    }
  });
});

describe('tenant isolation: REST', () => {
  it('answers 404 to shop B for every id of shop A, on every route that takes one', async () => {
    for (const [key, requests] of Object.entries(REST_CASES)) {
      const method = key.split(' ')[0];
      for (const request of requests(shopA)) {
        const headers = { 'x-platform-access-token': beta.tokens.adminAccessToken, ...request.headers };
        const res = await send(t.app, { method, url: request.url, host: beta.host, headers, body: request.body, rawBody: request.rawBody });
        expect({ key, status: res.status }).toEqual({ key, status: 404 });
        expect({ key, leaks: leaksIn(res.text, request.url) }).toEqual({ key, leaks: [] });
      }
    }
    // Nothing B sent changed A's customer, and A's link still opens A's page.
    await expectCustomerOfA(shopA);
    await expectRiskOfA(shopA);
    const page = await send(t.app, { url: shopA.activationPath, host: alpha.host });
    expect(page.status).toBe(200);
  });

  it("answers every REST GET route without parameters with shop B's data only", async () => {
    const routes = routeTable(t.app.getHttpAdapter().getInstance() as FastifyInstance).filter(
      (r) => r.method === 'GET' && r.path.startsWith('/admin/api/:version/') && !r.path.endsWith('/graphql.json') && routeParameters(r.path).length === 0,
    );
    // openapi.json describes the routes, the same for every shop (its words match A's page titles): it is checked
    // to be identical on both shops instead.
    const document = (host: string, token: string) => send(t.app, { url: restPath('openapi.json'), host, headers: { 'x-platform-access-token': token } });
    expect((await document(beta.host, beta.tokens.adminAccessToken)).text).toBe((await document(alpha.host, alpha.tokens.adminAccessToken)).text);
    expect(routes.length).toBeGreaterThan(0);
    // The cases above made B customers with A's emails and phones on purpose (they are free on B): B's own now.
    const own = new Set<string>(
      (await db.query('select email, phone from customers where shop_id = $1', [beta.shop.id])).rows.flatMap((row: { email: string | null; phone: string | null }) =>
        [row.email, row.phone].filter((value): value is string => value !== null),
      ),
    );
    for (const route of routes.filter((r) => !r.path.endsWith('/openapi.json'))) {
      const res = await send(t.app, { url: route.path.replace(':version', VERSION), host: beta.host, headers: { 'x-platform-access-token': beta.tokens.adminAccessToken } });
      expect({ route: route.path, status: res.status, leaks: leaksIn(res.text, '', own) }).toEqual({ route: route.path, status: 200, leaks: [] });
    }
  });
});

describe("tenant isolation: one shop's credentials on another's host", () => {
  it("are unknown: shop B's tokens on shop A answer ACCESS_DENIED / 401 and nothing of A's", async () => {
    const sf = await storefrontQuery(t.app, alpha.host, '{ shop { name } products(first: 3) { nodes { id title } } }', storefrontHeaders(beta, 'public'));
    const privateSf = await storefrontQuery(t.app, alpha.host, '{ shop { name } }', storefrontHeaders(beta, 'private'));
    const admin = await adminQuery(t.app, alpha.host, beta.tokens.adminAccessToken, '{ shop { name } }');
    const rest = await send(t.app, { url: `/admin/api/${VERSION}/shop.json`, host: alpha.host, headers: { 'x-platform-access-token': beta.tokens.adminAccessToken } });
    for (const res of [sf, privateSf, admin]) {
      expect(res.body.data).toBeUndefined();
      expect(res.body.errors[0].extensions.code).toBe('ACCESS_DENIED');
      expect(leaksIn(res.text, '')).toEqual([]);
    }
    expect(rest.status).toBe(401);
    expect(leaksIn(rest.text, '')).toEqual([]);
  });
});
