import {
  type DirectiveNode,
  DirectiveLocation,
  GraphQLBoolean,
  GraphQLDirective,
  GraphQLID,
  GraphQLInputObjectType,
  GraphQLNonNull,
  type GraphQLInputType,
  GraphQLSchema,
  GraphQLString,
  valueFromASTUntyped,
} from 'graphql';
import { DomainError } from '@platform/errors';
import { type InContext, setInContext } from '@platform/request';
import { type VersionedFeature, isFeatureAvailable } from '@platform/versioning';
import type { GraphqlHook } from '../graphql-hooks.js';

// Arguments opened by version (the spec's directive table); `country` exists in every version.
const GATED_ARGUMENTS: Record<string, VersionedFeature> = {
  language: 'inContextLanguage',
  buyer: 'inContextBuyer',
  visitorConsent: 'inContextVisitorConsent',
};

/** Reads `@inContext` before execution, refusing arguments the request's version does not have. */
export const inContextHook: GraphqlHook = {
  before(ctx, op) {
    const directive = op.operation.directives?.find((d) => d.name.value === 'inContext');
    if (!directive) return;
    const value = readDirective(directive, op.variables);
    for (const [argument, feature] of Object.entries(GATED_ARGUMENTS)) {
      if (argument in value && !isFeatureAvailable(feature, ctx.version)) {
        throw new DomainError('UNPROCESSABLE', `Argument '${argument}' on directive '@inContext' is not available in version ${ctx.version}.`, {
          field: argument,
          code: 'ARGUMENT_NOT_AVAILABLE',
        });
      }
    }
    setInContext(ctx, value);
  },
};

function readDirective(directive: DirectiveNode, variables: Readonly<Record<string, unknown>>): InContext {
  const out: Record<string, unknown> = {};
  for (const arg of directive.arguments ?? []) {
    const value = valueFromASTUntyped(arg.value, variables as Record<string, unknown>);
    if (value !== null && value !== undefined) out[arg.name.value] = value;
  }
  return out as InContext;
}

/** Adds `@inContext` to a built storefront schema (its enums come from the schema, so there is one of each). */
export function withInContextDirective(schema: GraphQLSchema): GraphQLSchema {
  const enumOr = (name: string): GraphQLInputType => (schema.getType(name) as GraphQLInputType | undefined) ?? GraphQLString;
  const buyer = new GraphQLInputObjectType({
    name: 'BuyerInput',
    description: 'The buyer a query is for: prices and availability contextualized to them.',
    fields: { customerAccessToken: { type: new GraphQLNonNull(GraphQLString) }, companyLocationId: { type: GraphQLID } },
  });
  const visitorConsent = new GraphQLInputObjectType({
    name: 'VisitorConsent',
    description: "The visitor's consent, carried into the checkout URL.",
    fields: { analytics: { type: GraphQLBoolean }, preferences: { type: GraphQLBoolean }, marketing: { type: GraphQLBoolean }, saleOfData: { type: GraphQLBoolean } },
  });
  const inContext = new GraphQLDirective({
    name: 'inContext',
    description: 'Contextualizes the whole query or mutation: country (prices, currency), language (translations), buyer and consent.',
    locations: [DirectiveLocation.QUERY, DirectiveLocation.MUTATION],
    args: {
      country: { type: enumOr('CountryCode') },
      language: { type: enumOr('LanguageCode') },
      preferredLocationId: { type: GraphQLID },
      buyer: { type: buyer },
      visitorConsent: { type: visitorConsent },
    },
  });
  const config = schema.toConfig();
  return new GraphQLSchema({ ...config, directives: [...config.directives, inContext], types: [...config.types, buyer, visitorConsent] });
}
