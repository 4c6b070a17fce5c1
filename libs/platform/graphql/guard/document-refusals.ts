import { GraphQLError } from 'graphql';

// The error codes of documents refused before validation. Each answer names what was measured and the
// limit, as MAX_COST_EXCEEDED does with `cost` and `maxCost`.

export type RefusalCode =
  | 'MAX_QUERY_SIZE_EXCEEDED'
  | 'MAX_TOKENS_EXCEEDED'
  | 'MAX_DEPTH_EXCEEDED'
  | 'MAX_ALIASES_EXCEEDED'
  | 'MAX_DIRECTIVES_EXCEEDED'
  | 'MAX_FIELDS_EXCEEDED';

export function queryTooLong(length: number, max: number): GraphQLError {
  return refusal('MAX_QUERY_SIZE_EXCEEDED', `Query is ${length} characters long, which exceeds the maximum of ${max}.`, { size: length, maxSize: max });
}

export function tooManyTokens(max: number): GraphQLError {
  return refusal('MAX_TOKENS_EXCEEDED', `Query has more than ${max} tokens, which exceeds the maximum of ${max}.`, { maxTokens: max });
}

export function nestedTooDeeply(max: number): GraphQLError {
  return refusal('MAX_DEPTH_EXCEEDED', `Query nests more than ${max} brackets deep, which exceeds the maximum of ${max}.`, { maxNesting: max });
}

export function tooDeep(depth: number, max: number): GraphQLError {
  return refusal('MAX_DEPTH_EXCEEDED', `Query has depth of ${depth}, which exceeds max depth of ${max}.`, { depth, maxDepth: max });
}

export function tooManyAliases(aliases: number, max: number): GraphQLError {
  return refusal('MAX_ALIASES_EXCEEDED', `Query has ${aliases} aliases, which exceeds the maximum of ${max}.`, { aliases, maxAliases: max });
}

export function tooManyDirectives(directives: number, max: number): GraphQLError {
  return refusal('MAX_DIRECTIVES_EXCEEDED', `Query has ${directives} directives, which exceeds the maximum of ${max}.`, { directives, maxDirectives: max });
}

export function tooManyFields(fields: number, max: number): GraphQLError {
  return refusal('MAX_FIELDS_EXCEEDED', `Query selects ${fields} fields after expanding fragments, which exceeds the maximum of ${max}.`, {
    fields,
    maxFields: max,
  });
}

function refusal(code: RefusalCode, message: string, measured: Record<string, number>): GraphQLError {
  return new GraphQLError(message, { extensions: { code, ...measured } });
}

