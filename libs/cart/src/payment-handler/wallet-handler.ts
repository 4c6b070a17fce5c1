import { randomBytes } from 'node:crypto';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { APPROVED_TEST_TOKEN, DECLINED_TEST_TOKEN, WALLET_DEFINITIONS, WALLET_HANDLER_NAME, WALLET_HANDLER_VERSION, WALLET_SCHEMA_PATHS, walletSchemas } from './wallet-handler-schemas.js';

// Schemas are compiled once, on an origin of their own: `$id`s are URLs, and the served copies only change host.
const ORIGIN = 'https://schemas.platform.localhost';
/** The handler's id among a checkout's handlers (instruments name it in handler_id). */
export const WALLET_HANDLER_ID = 'wallet';

/** A wallet instrument that passed its schema. */
export interface WalletInstrument {
  id: string;
  handler_id: string;
  type: 'wallet';
  credential: { type: 'wallet_token'; token: string };
}

/** The handler's configuration as a checkout shows it (its response schema). */
export interface WalletHandlerResponse {
  id: string;
  version: string;
  config: { environment: 'test'; merchant_name: string; accepted_currencies: string[] };
}

// Labels of the instrument's fields a buyer fills, for messages a person can act on.
const FIELD_LABELS: Record<string, string> = { '/credential/token': 'Wallet token', '/credential': 'Wallet token' };

/**
 * The test wallet `dev.platform.wallet_handler`: its schemas compiled with a JSON Schema validator (Ajv, draft
 * 2020-12), its configuration checked against them when the app starts, and the buyer's payment input checked
 * before any charge. It moves test money only.
 */
@Injectable()
export class WalletPaymentHandler implements OnModuleInit {
  private readonly validators: Record<keyof typeof WALLET_DEFINITIONS, ValidateFunction>;

  constructor() {
    const ajv = new Ajv2020({ allErrors: false, strict: true });
    // The handler schema groups its definitions under the handler's name (as the common schema asks): not keywords.
    ajv.addVocabulary(['payment_instrument', 'business_schema', 'platform_schema', 'response_schema']);
    for (const schema of Object.values(walletSchemas(ORIGIN))) ajv.addSchema(schema);
    const compile = (ref: string) => ajv.getSchema(`${ORIGIN}${ref}`) ?? fail(`no schema at ${ref}`);
    this.validators = {
      instrument: compile(WALLET_DEFINITIONS.instrument),
      business: compile(WALLET_DEFINITIONS.business),
      platform: compile(WALLET_DEFINITIONS.platform),
      response: compile(WALLET_DEFINITIONS.response),
    };
  }

  /** The handler's configuration must follow its own schemas, or the app does not start. */
  onModuleInit(): void {
    this.check('platform', this.platformDeclaration(ORIGIN));
    this.check('business', { id: WALLET_HANDLER_ID, version: WALLET_HANDLER_VERSION, config: businessConfig('Shop', ['USD']) });
  }

  /** What the platform declares of the handler, with its schema URLs on `origin`. */
  platformDeclaration(origin: string): Record<string, unknown> {
    const schema = `${origin}${WALLET_SCHEMA_PATHS.handler}`;
    return { id: WALLET_HANDLER_ID, version: WALLET_HANDLER_VERSION, spec: schema, schema, config: { environment: 'test', display_name: 'Test wallet' } };
  }

  /** The handler as a shop's checkout in `currency` carries it (checked against its response schema). */
  response(shopName: string, currency: string): WalletHandlerResponse {
    const response = { id: WALLET_HANDLER_ID, version: WALLET_HANDLER_VERSION, config: businessConfig(shopName.slice(0, 255) || 'Shop', [currency]) };
    this.check('response', response);
    return response;
  }

  /** The buyer's payment input as an instrument of this handler, or what is wrong with it (messages for the page). */
  instrument(token: unknown): { instrument: WalletInstrument; problems?: undefined } | { problems: string[] } {
    const instrument = { id: `pi_${randomBytes(12).toString('hex')}`, handler_id: WALLET_HANDLER_ID, type: 'wallet', credential: { type: 'wallet_token', token } };
    if (this.validators.instrument(instrument)) return { instrument: instrument as WalletInstrument };
    return { problems: (this.validators.instrument.errors ?? []).map(problemMessage) };
  }

  /** Charges the instrument (the test wallet decides from its token alone). */
  charge(instrument: WalletInstrument): { approved: boolean; gateway: string } {
    return { approved: instrument.credential.token !== DECLINED_TEST_TOKEN, gateway: WALLET_HANDLER_NAME };
  }

  private check(definition: keyof typeof WALLET_DEFINITIONS, value: unknown): void {
    const validate = this.validators[definition];
    if (!validate(value)) throw new Error(`${WALLET_HANDLER_NAME} ${definition} configuration is invalid: ${JSON.stringify(validate.errors)}`);
  }
}

function businessConfig(merchantName: string, currencies: string[]) {
  return { environment: 'test' as const, merchant_name: merchantName, accepted_currencies: currencies };
}

function problemMessage(error: ErrorObject): string {
  const label = FIELD_LABELS[error.instancePath] ?? 'Payment';
  if (error.keyword === 'required') return `${label} is required`;
  if (error.keyword === 'type') return `${label} must be given once, as text`;
  if (error.keyword === 'pattern') return `${label} must look like ${APPROVED_TEST_TOKEN}: tok_test_ followed by up to 48 lowercase letters, digits or underscores`;
  return `${label} ${error.message ?? 'is invalid'}`;
}

function fail(message: string): never {
  throw new Error(message);
}
