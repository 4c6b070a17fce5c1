import { applyDecorators } from '@nestjs/common';
import { ApiQuery, type SchemaObject } from '@nestjs/swagger';
import { MAX_INPUT_ARRAY_SIZE } from '@platform/errors';
import { DEFAULT_LIMIT, MAX_LIMIT, type RestListing } from './rest-list-request.js';

/** How the OpenAPI document shows one query parameter. */
export interface RestQueryParameter {
  readonly description: string;
  readonly schema: SchemaObject;
}

/** What `@RestList` adds to a listing's own filters: the description of a filter it does not know, or a tighter one. */
export interface RestListOptions {
  /** A count route reads the filters only: no limit, fields or page_info. */
  readonly count?: boolean;
  readonly filters?: Readonly<Record<string, Partial<RestQueryParameter>>>;
}

const TIME = 'ISO 8601: a date, or a date and time with an optional offset (none is UTC)';

/** The filters the REST lists share, as the hosted platform names them. */
const KNOWN_FILTERS: Readonly<Record<string, RestQueryParameter>> = {
  ids: { description: `Only these ids, comma-separated (at most ${MAX_INPUT_ARRAY_SIZE})`, schema: { type: 'string', example: '207119551,1073339482' } },
  since_id: { description: 'Only rows with a greater id', schema: { type: 'integer', format: 'int64', minimum: 0 } },
  created_at_min: { description: `Only rows created at or after this time (${TIME})`, schema: { type: 'string', example: '2024-01-01T00:00:00-05:00' } },
  created_at_max: { description: `Only rows created at or before this time (${TIME})`, schema: { type: 'string', example: '2024-12-31' } },
  updated_at_min: { description: `Only rows updated at or after this time (${TIME})`, schema: { type: 'string', example: '2024-01-01T00:00:00Z' } },
  updated_at_max: { description: `Only rows updated at or before this time (${TIME})`, schema: { type: 'string', example: '2024-12-31 23:59:59' } },
  query: { description: 'The search text, in the search syntax (`email:bob@example.com`, `country:Canada`, words)', schema: { type: 'string' } },
  order: { description: 'A field and direction to sort by', schema: { type: 'string', example: 'last_order_date DESC' } },
};

const PAGE_PARAMETERS: Readonly<Record<string, RestQueryParameter>> = {
  limit: { description: `Rows per page, ${DEFAULT_LIMIT} by default`, schema: { type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT } },
  fields: { description: 'Top-level fields to keep of each object, comma-separated (all when absent)', schema: { type: 'string', example: 'id,email' } },
  page_info: {
    description: "The page to fetch, from a `Link` header's `page_info`; combines only with limit and fields (its filters travel in it)",
    schema: { type: 'string' },
  },
};

/**
 * Documents the query parameters a list (or count) route reads, from the listing it reads them with: limit, fields and
 * page_info (not on a count), then each of the listing's filters. A filter without a description here or in
 * `options.filters` fails at start, so a route cannot read a parameter its document leaves out.
 */
export function RestList(listing: Pick<RestListing, 'filters'>, options: RestListOptions = {}): MethodDecorator {
  const parameters: [string, RestQueryParameter][] = options.count ? [] : Object.entries(PAGE_PARAMETERS);
  for (const name of listing.filters) {
    const known = KNOWN_FILTERS[name];
    const extra = options.filters?.[name];
    const description = extra?.description ?? known?.description;
    const schema = extra?.schema ?? known?.schema;
    if (!description || !schema) throw new Error(`@RestList: the filter '${name}' has no description; give it in options.filters`);
    parameters.push([name, { description, schema }]);
  }
  const unknown = Object.keys(options.filters ?? {}).filter((name) => !listing.filters.includes(name));
  if (unknown.length > 0) throw new Error(`@RestList: ${unknown.join(', ')} are not filters of the listing`);
  return applyDecorators(...parameters.map(([name, { description, schema }]) => ApiQuery({ name, required: false, description, schema })));
}

/** Documents the `fields` parameter of a route that answers one object (`GET <things>/{id}.json`). */
export function RestFields(): MethodDecorator {
  const { description, schema } = PAGE_PARAMETERS.fields!;
  return ApiQuery({ name: 'fields', required: false, description, schema });
}
