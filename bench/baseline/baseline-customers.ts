import type { FastifyInstance } from 'fastify';
import { type DocumentNode, buildSchema, execute, parse, validate } from 'graphql';
import type pg from 'pg';

// Scenario 6 on the baseline: the merchant's customers as a bare server answers them, with the same JSON as the
// platform (the bench compares before measuring): the REST list walked by Link, REST create, and the admin GraphQL
// `customers(first:)` with addresses (the orders scenario adds its part of the admin schema). No auth, cost, throttle
// or validation beyond what the database enforces.

const CUSTOMER = `id, created_at, updated_at, first_name, last_name, email, phone, state, note, verified_email, multipass_identifier,
  tax_exempt, tax_exemptions, tags, orders_count, total_spent::text as total_spent, last_order_id, last_order_name, currency,
  email_marketing_consent, sms_marketing_consent`;
const ADDRESS = 'id, customer_id, first_name, last_name, company, address1, address2, city, province, province_code, country, country_code, zip, phone, is_default';

// A customer holds at most this many addresses (the platform's bound).
const MAX_ADDRESSES = 100;

const SQL = {
  firstPage: { name: 'b_customers_first', text: `select ${CUSTOMER} from customers where shop_id = $1 order by id limit $2` },
  pageAfter: { name: 'b_customers_after', text: `select ${CUSTOMER} from customers where shop_id = $1 and id > $3 order by id limit $2` },
  // What REST shows: the ten most recently updated addresses, and the default wherever it ranks.
  shownAddresses: {
    name: 'b_shown_addresses',
    text: `select * from (select ${ADDRESS}, row_number() over (partition by customer_id order by updated_at desc, id desc) as rn
      from customer_addresses where shop_id = $1 and customer_id = any($2::bigint[])) x where rn <= 10 or is_default order by customer_id, rn`,
  },
  // What GraphQL's `addresses(first:)` lists: the first $3, the default first, then the most recently updated.
  firstAddresses: {
    name: 'b_first_addresses',
    text: `select * from (select ${ADDRESS}, row_number() over (partition by customer_id order by is_default desc, updated_at desc, id desc) as rn
      from customer_addresses where shop_id = $1 and customer_id = any($2::bigint[])) x where rn <= $3 order by customer_id, rn`,
  },
  insertCustomer: {
    name: 'b_insert_customer',
    text: `insert into customers (shop_id, first_name, last_name, email, state, tags, note, verified_email, email_marketing_consent,
      orders_count, total_spent, currency, tax_exempt, tax_exemptions) values ($1, $2, $3, $4, 'disabled', $5, $6, false,
      '{"state":"not_subscribed","optInLevel":null,"consentUpdatedAt":null}', 0, 0, $7, false, '{}') returning ${CUSTOMER}`,
  },
  insertAddress: {
    name: 'b_insert_address',
    text: `insert into customer_addresses (shop_id, customer_id, first_name, last_name, company, address1, address2, city, province,
      province_code, country, country_code, zip, phone, is_default) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, true)
      returning ${ADDRESS}`,
  },
};

interface Consent { state: string; optInLevel: string | null; consentUpdatedAt: string | null; consentCollectedFrom?: string | null }
interface CustomerRow {
  id: string; created_at: Date; updated_at: Date; first_name: string | null; last_name: string | null; email: string | null;
  phone: string | null; state: string; note: string | null; verified_email: boolean; multipass_identifier: string | null;
  tax_exempt: boolean; tax_exemptions: string[]; tags: string[]; orders_count: number; total_spent: string;
  last_order_id: string | null; last_order_name: string | null; currency: string;
  email_marketing_consent: Consent; sms_marketing_consent: Consent | null;
}
interface AddressRow {
  id: string; customer_id: string; first_name: string | null; last_name: string | null; company: string | null; address1: string | null;
  address2: string | null; city: string | null; province: string | null; province_code: string | null; country: string | null;
  country_code: string | null; zip: string | null; phone: string | null; is_default: boolean; rn?: string;
}

const countries = new Intl.DisplayNames(['en'], { type: 'region' });
const nameOf = (a: { first_name: string | null; last_name: string | null }) => [a.first_name, a.last_name].filter(Boolean).join(' ') || null;

export function restAddress(a: AddressRow) {
  return {
    id: Number(a.id), customer_id: Number(a.customer_id), first_name: a.first_name, last_name: a.last_name, company: a.company,
    address1: a.address1, address2: a.address2, city: a.city, province: a.province, country: a.country, zip: a.zip, phone: a.phone,
    name: nameOf(a) ?? '', province_code: a.province_code, country_code: a.country_code,
    country_name: a.country_code ? (countries.of(a.country_code) ?? a.country_code) : a.country, default: a.is_default,
  };
}

function restCustomer(c: CustomerRow, addresses: AddressRow[]) {
  const shown = addresses.filter((a) => a.rn === undefined || Number(a.rn) <= 10);
  const byDefault = addresses.find((a) => a.is_default);
  const email = c.email_marketing_consent;
  const sms = c.sms_marketing_consent;
  const id = Number(c.id);
  return {
    id, email: c.email, created_at: c.created_at.toISOString(), updated_at: c.updated_at.toISOString(), first_name: c.first_name,
    last_name: c.last_name, orders_count: c.orders_count, state: c.state, total_spent: c.total_spent,
    last_order_id: c.last_order_id === null ? null : Number(c.last_order_id), note: c.note, verified_email: c.verified_email,
    multipass_identifier: c.multipass_identifier, tax_exempt: c.tax_exempt, tags: c.tags.join(', '), last_order_name: c.last_order_name,
    currency: c.currency, phone: c.phone, addresses: shown.map(restAddress), tax_exemptions: c.tax_exemptions,
    email_marketing_consent: { state: email.state, opt_in_level: email.optInLevel, consent_updated_at: email.consentUpdatedAt },
    sms_marketing_consent: sms
      ? { state: sms.state, opt_in_level: sms.optInLevel, consent_updated_at: sms.consentUpdatedAt, consent_collected_from: sms.consentCollectedFrom ?? null }
      : null,
    admin_graphql_api_id: `gid://platform/Customer/${id}`,
    default_address: byDefault ? restAddress(byDefault) : null,
  };
}

function byCustomer(rows: AddressRow[]): Map<string, AddressRow[]> {
  const groups = new Map<string, AddressRow[]>();
  for (const row of rows) {
    const list = groups.get(row.customer_id);
    if (list) list.push(row);
    else groups.set(row.customer_id, [row]);
  }
  return groups;
}

const CUSTOMERS_SDL = `
  type Query { customers(first: Int!): CustomerConnection! }
  type Mutation { customerCreate(input: CustomerInput!): CustomerCreatePayload }
  input CustomerInput { firstName: String lastName: String email: String note: String tags: [String!] addresses: [MailingAddressInput!] }
  input MailingAddressInput { firstName: String lastName: String address1: String city: String provinceCode: String countryCode: String zip: String }
  type CustomerCreatePayload { customer: Customer userErrors: [UserError!]! }
  type UserError { field: [String!] message: String! }
  type CustomerConnection { nodes: [Customer!]! pageInfo: PageInfo! }
  type PageInfo { hasNextPage: Boolean! }
  type Customer {
    id: ID! firstName: String lastName: String email: String phone: String state: String! tags: [String!]!
    numberOfOrders: String! amountSpent: MoneyV2! addresses(first: Int): [MailingAddress!]! note: String defaultAddress: MailingAddress
  }
  type MoneyV2 { amount: String! currencyCode: String! }
  type MailingAddress { address1: String city: String provinceCode: String countryCodeV2: String zip: String }
`;

interface Shop { id: string; currency: string }
type NewAddress = Partial<Record<'first_name' | 'last_name' | 'company' | 'address1' | 'address2' | 'city' | 'province' | 'province_code' | 'country' | 'country_code' | 'zip' | 'phone', string | null>>;
interface NewCustomer { first_name?: string | null; last_name?: string | null; email?: string | null; note?: string | null; tags: string[]; addresses?: NewAddress[] }
interface GraphqlCustomerInput {
  firstName?: string; lastName?: string; email?: string; note?: string; tags?: string[];
  addresses?: { firstName?: string; lastName?: string; address1?: string; city?: string; provinceCode?: string; countryCode?: string; zip?: string }[];
}

/** Adds scenario 6's routes to the baseline's Fastify app; `more` adds another context's part of the admin schema. */
export function registerCustomerRoutes(app: FastifyInstance, pool: pg.Pool, shop: Shop, more: { sdl: string; root: Record<string, unknown> } = { sdl: '', root: {} }): void {
  const adminSchema = buildSchema(CUSTOMERS_SDL + more.sdl);
  async function page(limit: number, afterId: number | null) {
    const { rows } = afterId === null
      ? await pool.query<CustomerRow>(SQL.firstPage, [shop.id, limit + 1])
      : await pool.query<CustomerRow>(SQL.pageAfter, [shop.id, limit + 1, afterId]);
    return { customers: rows.slice(0, limit), hasNext: rows.length > limit };
  }

  app.get('/admin/api/:version/customers.json', async (request, reply) => {
    const query = request.query as { limit?: string; page_info?: string };
    const limit = Math.min(250, Math.max(1, Number(query.limit ?? 50) || 50));
    const afterId = query.page_info ? Number(Buffer.from(query.page_info, 'base64url').toString()) : null;
    const { customers, hasNext } = await page(limit, afterId);
    const { rows } = await pool.query<AddressRow>(SQL.shownAddresses, [shop.id, customers.map((c) => c.id)]);
    const addresses = byCustomer(rows);
    if (hasNext) {
      const next = Buffer.from(customers.at(-1)!.id).toString('base64url');
      const { version } = request.params as { version: string };
      reply.header('link', `<http://${request.headers.host}/admin/api/${version}/customers.json?page_info=${next}&limit=${limit}>; rel="next"`);
    }
    return { customers: customers.map((c) => restCustomer(c, addresses.get(c.id) ?? [])) };
  });

  // The customer and its first address in one transaction; null when the email is taken.
  async function createCustomer(input: NewCustomer): Promise<{ customer: CustomerRow; addresses: AddressRow[] } | null> {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const { rows: [customer] } = await client.query<CustomerRow>(SQL.insertCustomer, [
        shop.id, input.first_name ?? null, input.last_name ?? null, input.email?.toLowerCase() ?? null, input.tags, input.note ?? null, shop.currency,
      ]);
      const addresses: AddressRow[] = [];
      for (const a of (input.addresses ?? []).slice(0, 1)) {
        const code = a.country_code?.toUpperCase() ?? null;
        const { rows } = await client.query<AddressRow>(SQL.insertAddress, [
          shop.id, customer!.id, a.first_name ?? null, a.last_name ?? null, a.company ?? null, a.address1 ?? null, a.address2 ?? null,
          a.city ?? null, a.province ?? null, a.province_code ?? null, a.country ?? null, code, a.zip ?? null, a.phone ?? null,
        ]);
        addresses.push(...rows);
      }
      await client.query('commit');
      return { customer: customer!, addresses };
    } catch (error) {
      await client.query('rollback');
      if ((error as { code?: string }).code === '23505') return null;
      throw error;
    } finally {
      client.release();
    }
  }

  app.post('/admin/api/:version/customers.json', async (request, reply) => {
    const input = (request.body as { customer?: Record<string, string | null> & { addresses?: Record<string, string | null>[] } }).customer ?? {};
    const tags = (input.tags ?? '').split(',').map((t) => t.trim()).filter(Boolean);
    const created = await createCustomer({ ...input, tags, addresses: input.addresses });
    if (!created) return reply.code(422).send({ errors: { email: ['has already been taken'] } });
    reply.code(201);
    return { customer: restCustomer(created.customer, created.addresses) };
  });

  const rootValue = {
    ...more.root,
    async customerCreate({ input }: { input: GraphqlCustomerInput }) {
      const created = await createCustomer({
        first_name: input.firstName, last_name: input.lastName, email: input.email, note: input.note, tags: input.tags ?? [],
        addresses: (input.addresses ?? []).map((a) => ({
          first_name: a.firstName, last_name: a.lastName, address1: a.address1, city: a.city, province_code: a.provinceCode,
          country_code: a.countryCode, zip: a.zip,
        })),
      });
      if (!created) return { customer: null, userErrors: [{ field: ['input', 'email'], message: 'Email has already been taken' }] };
      const { customer: c, addresses } = created;
      const byDefault = addresses.find((a) => a.is_default);
      return {
        customer: {
          id: `gid://platform/Customer/${c.id}`, firstName: c.first_name, lastName: c.last_name, email: c.email, state: c.state.toUpperCase(),
          tags: c.tags, note: c.note,
          defaultAddress: byDefault && { address1: byDefault.address1, city: byDefault.city, provinceCode: byDefault.province_code, countryCodeV2: byDefault.country_code, zip: byDefault.zip },
        },
        userErrors: [],
      };
    },
    async customers({ first }: { first: number }) {
      const { customers, hasNext } = await page(first, null);
      const { rows } = await pool.query<AddressRow>(SQL.firstAddresses, [shop.id, customers.map((c) => c.id), MAX_ADDRESSES]);
      const addresses = byCustomer(rows);
      return {
        nodes: customers.map((c) => ({
          id: `gid://platform/Customer/${c.id}`, firstName: c.first_name, lastName: c.last_name, email: c.email, phone: c.phone,
          state: c.state.toUpperCase(), tags: c.tags, numberOfOrders: String(c.orders_count),
          amountSpent: { amount: c.total_spent, currencyCode: c.currency },
          addresses: ({ first: shown }: { first?: number | null }) =>
            (addresses.get(c.id) ?? []).slice(0, shown ?? MAX_ADDRESSES).map((a) => ({ address1: a.address1, city: a.city, provinceCode: a.province_code, countryCodeV2: a.country_code, zip: a.zip })),
        })),
        pageInfo: { hasNextPage: hasNext },
      };
    },
  };
  const documents = new Map<string, DocumentNode>();
  app.post('/admin/api/:version/graphql.json', async (request, reply) => {
    const body = request.body as { query?: unknown; variables?: Record<string, unknown> } | undefined;
    if (typeof body?.query !== 'string') return reply.code(400).send({ errors: { query: 'Required parameter missing or invalid' } });
    let document = documents.get(body.query);
    if (!document) {
      document = parse(body.query);
      const errors = validate(adminSchema, document);
      if (errors.length) return { errors: errors.map((e) => ({ message: e.message })) };
      if (documents.size >= 1000) documents.clear();
      documents.set(body.query, document);
    }
    return execute({ schema: adminSchema, document, rootValue, variableValues: body.variables });
  });
}
