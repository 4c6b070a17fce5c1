// The test wallet payment handler `dev.platform.wallet_handler` (version 2026-01-23) as JSON Schemas (draft 2020-12):
// the common payment-handler schemas it extends, its token, instrument, business, platform and response config, and
// the handler schema tying them together (spec 1, "Payment handler schema"). Each document's `$id` is its URL on
// the origin given, so a client resolves every `$ref` on the host it fetched the first from.

export const WALLET_HANDLER_NAME = 'dev.platform.wallet_handler';
export const WALLET_HANDLER_VERSION = '2026-01-23';

const DRAFT = 'https://json-schema.org/draft/2020-12/schema';
const COMMON_PATH = `/schemas/ucp/${WALLET_HANDLER_VERSION}/payment_handler.json`;
const HANDLER_DIR = `/schemas/payment-handlers/${WALLET_HANDLER_NAME}/${WALLET_HANDLER_VERSION}`;

/** The served documents, by path under the origin (`GET <origin><path>`). */
export const WALLET_SCHEMA_PATHS = {
  common: COMMON_PATH,
  handler: `${HANDLER_DIR}/schema.json`,
  token: `${HANDLER_DIR}/token.json`,
  instrument: `${HANDLER_DIR}/instrument.json`,
  businessConfig: `${HANDLER_DIR}/business_config.json`,
  platformConfig: `${HANDLER_DIR}/platform_config.json`,
  responseConfig: `${HANDLER_DIR}/response_config.json`,
} as const;

export type WalletSchemaName = keyof typeof WALLET_SCHEMA_PATHS;

/** Definitions inside the handler schema the checkout validates against (JSON pointers). */
export const WALLET_DEFINITIONS = {
  instrument: `${WALLET_SCHEMA_PATHS.handler}#/$defs/${WALLET_HANDLER_NAME}/payment_instrument`,
  business: `${WALLET_SCHEMA_PATHS.handler}#/$defs/${WALLET_HANDLER_NAME}/business_schema`,
  platform: `${WALLET_SCHEMA_PATHS.handler}#/$defs/${WALLET_HANDLER_NAME}/platform_schema`,
  response: `${WALLET_SCHEMA_PATHS.handler}#/$defs/${WALLET_HANDLER_NAME}/response_schema`,
} as const;

/** Test tokens: `tok_test_declined` is declined, every other well-formed test token pays. */
export const APPROVED_TEST_TOKEN = 'tok_test_approved';
export const DECLINED_TEST_TOKEN = 'tok_test_declined';

const HANDLER_ID = '^[a-z0-9][a-z0-9_.-]{0,63}$';
const CURRENCY = '^[A-Z]{3}$';
const HTTP_URL = '^https?://[^\\s]{1,2000}$';

/** Every document of the handler, with `$id`s and `$ref`s on `origin` (`https://shop.example.com`). */
export function walletSchemas(origin: string): Record<WalletSchemaName, Record<string, unknown>> {
  const url = (path: string) => `${origin}${path}`;
  const common = url(COMMON_PATH);
  const doc = (name: WalletSchemaName, title: string, description: string, body: Record<string, unknown>) => ({
    $schema: DRAFT,
    $id: url(WALLET_SCHEMA_PATHS[name]),
    title,
    description,
    ...body,
  });
  return {
    common: doc('common', 'Payment handler', 'The common payment-handler schemas every handler extends: a declaration names the handler, its version and its configuration.', {
      $defs: {
        base: {
          type: 'object',
          required: ['id', 'version'],
          properties: {
            id: { type: 'string', pattern: HANDLER_ID, description: 'This handler instance among the checkout’s handlers; instruments name it in handler_id.' },
            version: { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: 'The handler’s version, YYYY-MM-DD.' },
            spec: { type: 'string', pattern: HTTP_URL, description: 'Where the handler is specified.' },
            schema: { type: 'string', pattern: HTTP_URL, description: 'The handler’s JSON Schema.' },
            config: { type: 'object', description: 'The handler’s configuration; each handler constrains it.' },
          },
        },
        platform_schema: { title: 'Payment handler (platform)', allOf: [{ $ref: '#/$defs/base' }, { type: 'object', required: ['spec', 'schema'] }] },
        business_schema: { title: 'Payment handler (business)', allOf: [{ $ref: '#/$defs/base' }] },
        response_schema: { title: 'Payment handler (response)', description: 'The handler as a checkout response carries it, with its runtime configuration.', allOf: [{ $ref: '#/$defs/base' }] },
      },
    }),
    token: doc('token', 'Wallet token', 'The credential the test wallet issues for one payment.', {
      type: 'object',
      additionalProperties: false,
      required: ['type', 'token'],
      properties: {
        type: { const: 'wallet_token' },
        token: { type: 'string', pattern: '^tok_test_[a-z0-9_]{1,48}$', description: `A test token: ${APPROVED_TEST_TOKEN} pays, ${DECLINED_TEST_TOKEN} is declined.` },
      },
    }),
    instrument: doc('instrument', 'Wallet payment instrument', 'How the buyer pays with the test wallet: the handler that processes it and its token.', {
      type: 'object',
      additionalProperties: false,
      required: ['id', 'handler_id', 'type', 'credential'],
      properties: {
        id: { type: 'string', pattern: '^pi_[A-Za-z0-9]{8,64}$' },
        handler_id: { type: 'string', pattern: HANDLER_ID },
        type: { const: 'wallet' },
        credential: { $ref: url(WALLET_SCHEMA_PATHS.token) },
      },
    }),
    businessConfig: doc('businessConfig', 'Wallet business config', 'What the shop configures for the test wallet, and what a checkout response shows of it.', {
      type: 'object',
      additionalProperties: false,
      required: ['environment', 'merchant_name', 'accepted_currencies'],
      properties: {
        environment: { enum: ['test'], description: 'The test wallet moves test money only.' },
        merchant_name: { type: 'string', minLength: 1, maxLength: 255 },
        accepted_currencies: { type: 'array', minItems: 1, maxItems: 200, uniqueItems: true, items: { type: 'string', pattern: CURRENCY } },
      },
    }),
    platformConfig: doc('platformConfig', 'Wallet platform config', 'What the platform declares of the test wallet.', {
      type: 'object',
      additionalProperties: false,
      required: ['environment', 'display_name'],
      properties: {
        environment: { enum: ['test'] },
        display_name: { type: 'string', minLength: 1, maxLength: 64 },
      },
    }),
    responseConfig: doc('responseConfig', 'Wallet response config', 'The runtime configuration a checkout response carries: the business config.', {
      $ref: url(WALLET_SCHEMA_PATHS.businessConfig),
    }),
    handler: doc('handler', 'Test wallet handler', `The ${WALLET_HANDLER_NAME} payment handler, version ${WALLET_HANDLER_VERSION}.`, {
      $defs: {
        token: { $ref: url(WALLET_SCHEMA_PATHS.token) },
        instrument: { $ref: url(WALLET_SCHEMA_PATHS.instrument) },
        [WALLET_HANDLER_NAME]: {
          payment_instrument: { title: 'Wallet payment instrument', $ref: '#/$defs/instrument' },
          business_schema: {
            title: 'Wallet handler (business)',
            allOf: [{ $ref: `${common}#/$defs/business_schema` }, { type: 'object', required: ['config'], properties: { config: { $ref: url(WALLET_SCHEMA_PATHS.businessConfig) } } }],
          },
          platform_schema: {
            title: 'Wallet handler (platform)',
            allOf: [{ $ref: `${common}#/$defs/platform_schema` }, { type: 'object', required: ['config'], properties: { config: { $ref: url(WALLET_SCHEMA_PATHS.platformConfig) } } }],
          },
          response_schema: {
            title: 'Wallet handler (response)',
            allOf: [{ $ref: `${common}#/$defs/response_schema` }, { type: 'object', required: ['config'], properties: { config: { $ref: url(WALLET_SCHEMA_PATHS.businessConfig) } } }],
          },
        },
      },
    }),
  };
}
