import fc from 'fast-check';
import type {
  IntrospectionField,
  IntrospectionInputValue,
  IntrospectionQuery,
  IntrospectionType,
  IntrospectionTypeRef,
} from 'graphql';
import {
  type KnownIdentifiers,
  hostileCursor,
  hostileCustomerToken,
  hostileDateTime,
  hostileDecimal,
  hostileEmail,
  hostileFloat,
  hostileHandle,
  hostileId,
  hostileInt,
  hostileJson,
  hostilePhone,
  hostileString,
  hostileUrl,
  pageSize,
} from './hostile-values.js';

// GraphQL operations generated from a schema as introspection gives it: random selections over the real
// fields (aliases, arguments of the right and wrong types, literals and variables, missing required ones),
// fragments (named, inline, on wrong types, spread many times), directives (the schema's and unknown ones,
// in places they belong and places they do not) and variables that do or do not fit their declarations.
// Most are invalid somewhere; what matters is the answer each gets.

export interface GeneratedOperation {
  query: string;
  variables: Record<string, unknown>;
  operationName?: string;
}

type Schema = IntrospectionQuery['__schema'];

/** An enum value: a bare name in a literal, a string in variables. */
class EnumName {
  constructor(readonly name: string) {}
  toJSON(): string {
    return this.name;
  }
}

/** Choices drawn from fast-check, so failures shrink and replay. */
interface Draw {
  int(min: number, max: number): number;
  chance(percent: number): boolean;
  pick<T>(items: readonly T[]): T;
  value<T>(arbitrary: fc.Arbitrary<T>): T;
}

function drawFrom(g: fc.GeneratorValue): Draw {
  const draw: Draw = {
    int: (min, max) => g(fc.integer, { min, max }),
    chance: (percent) => g(fc.integer, { min: 0, max: 99 }) < percent,
    pick: (items) => items[draw.int(0, items.length - 1)]!,
    value: (arbitrary) => g(() => arbitrary),
  };
  return draw;
}

/** Operations over `schema` with values drawn from `known` identifiers. */
export function graphqlOperations(schema: Schema, known: KnownIdentifiers, chaosPercent = 35): fc.Arbitrary<GeneratedOperation> {
  const index = new SchemaIndex(schema);
  const values = scalarArbitraries(known);
  return fc.gen().map((g) => new OperationWriter(index, values, drawFrom(g), chaosPercent).write());
}

class SchemaIndex {
  readonly types = new Map<string, IntrospectionType>();
  readonly typeNames: string[];
  readonly compositeNames: string[];
  readonly scalarNames: string[];

  constructor(readonly schema: Schema) {
    for (const type of schema.types) this.types.set(type.name, type);
    this.typeNames = schema.types.map((t) => t.name);
    this.compositeNames = schema.types.filter((t) => isComposite(t) && !t.name.startsWith('__')).map((t) => t.name);
    this.scalarNames = schema.types.filter((t) => t.kind === 'SCALAR').map((t) => t.name);
  }

  fields(typeName: string): readonly IntrospectionField[] {
    const type = this.types.get(typeName);
    return type && (type.kind === 'OBJECT' || type.kind === 'INTERFACE') ? type.fields : [];
  }

  /** Object types a fragment on `typeName` may be on: itself, or its possible types when abstract. */
  possibleTypes(typeName: string): string[] {
    const type = this.types.get(typeName);
    if (type?.kind === 'INTERFACE' || type?.kind === 'UNION') return [typeName, ...type.possibleTypes.map((t) => t.name)];
    return [typeName];
  }
}

type ScalarArbitraries = Record<
  'cursor' | 'pageSize' | 'id' | 'handle' | 'search' | 'customerToken' | 'email' | 'phone' | 'string' | 'int' | 'int32' | 'float' | 'decimal' | 'dateTime' | 'isoDateTime' | 'url' | 'json',
  fc.Arbitrary<unknown>
>;

function scalarArbitraries(known: KnownIdentifiers): ScalarArbitraries {
  return {
    cursor: hostileCursor(known),
    pageSize,
    id: hostileId(known),
    handle: hostileHandle(known),
    search: hostileString,
    customerToken: hostileCustomerToken(known),
    email: hostileEmail(known),
    phone: hostilePhone,
    string: hostileString,
    int: hostileInt,
    int32: hostileInt.filter((n) => n === (n | 0)),
    float: hostileFloat,
    decimal: hostileDecimal,
    dateTime: hostileDateTime,
    isoDateTime: fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString()),
    url: hostileUrl,
    json: hostileJson,
  };
}

interface Variable {
  name: string;
  type: string;
  defaultLiteral?: string;
  value?: unknown;
  sent: boolean;
}

const MAX_DEPTH = 6;
// Selections written per operation at most: keeps documents within what a client sends (the limits refuse
// larger ones, and those are sent by the hostile-document tests) and the generator's memory bounded.
const MAX_SELECTIONS = 60;
// JSON.stringify writes a lone surrogate as an escape, which GraphQL's lexer refuses.
const LONE_SURROGATE_ESCAPE = /\\ud[89a-f][0-9a-f]{2}/i;

class OperationWriter {
  private readonly variables: Variable[] = [];
  private readonly fragments: string[] = [];
  private readonly fragmentsOn = new Map<string, string[]>();
  private counter = 0;
  private selections = 0;
  /** Whether one small fragment of this operation is spread many times. */
  private spreadMany: boolean;
  /** Most operations are valid GraphQL, so they reach execution; the rest carry mistakes anywhere. */
  private readonly chaos: boolean;

  constructor(
    private readonly schema: SchemaIndex,
    private readonly values: ScalarArbitraries,
    private readonly d: Draw,
    chaosPercent: number,
  ) {
    this.chaos = d.chance(chaosPercent);
    this.spreadMany = d.chance(8);
  }

  /** A mistake now and then, in chaos mode only. */
  private mistake(percent: number): boolean {
    return this.chaos && this.d.chance(percent);
  }

  write(): GeneratedOperation {
    const { d } = this;
    const root = this.rootOperation();
    const name = d.chance(40) ? `Op${d.int(0, 3)}` : '';
    const maxDepth = d.chance(3) ? d.int(MAX_DEPTH, 30) : d.int(1, MAX_DEPTH);
    let selection = this.selectionSet(root.type, 0, maxDepth);
    if (root.type === this.schema.schema.queryType.name && d.chance(3)) selection = selection.replace(/^\{/, `{ ${this.introspectionField()}`);
    const directives = d.chance(25) ? this.directives(root.location) : '';
    const definitions = this.variableDefinitions();
    const head = root.keyword === '' && !name && !definitions && !directives ? '' : `${root.keyword || 'query'} ${name}${definitions}${directives}`;
    let query = `${head} ${selection}`.trim();
    let operationName: string | undefined = name && d.chance(30) ? name : undefined;
    if (this.mistake(10)) {
      // A second operation: the request must then name the one to run (or names a missing one).
      query += ` query Other { __typename }`;
      operationName = d.pick([name || undefined, 'Other', 'Missing', '']);
    } else if (this.mistake(10)) {
      operationName = d.pick(['Missing', '']);
    }
    if (this.fragments.length > 0) query += ` ${this.fragments.join(' ')}`;
    if (this.mistake(5)) query += ` fragment Unused on ${d.pick(this.schema.typeNames)} { __typename }`;
    return { query, variables: this.variableValues(), ...(operationName !== undefined ? { operationName } : {}) };
  }

  private rootOperation(): { keyword: string; type: string; location: string } {
    const { schema } = this.schema;
    const roll = this.d.int(0, 99);
    if (roll < 20 && schema.mutationType) return { keyword: 'mutation', type: schema.mutationType.name, location: 'MUTATION' };
    if (this.mistake(5)) return { keyword: 'subscription', type: schema.queryType.name, location: 'SUBSCRIPTION' };
    if (roll < 35) return { keyword: '', type: schema.queryType.name, location: 'QUERY' };
    return { keyword: 'query', type: schema.queryType.name, location: 'QUERY' };
  }

  private introspectionField(): string {
    return this.d.pick([
      '__schema { types { name kind } }',
      `__type(name: ${literal(this.d.value(hostileString))}) { name fields { name } }`,
      '__type(name: "Product") { name fields(includeDeprecated: true) { name args { name } } }',
    ]);
  }

  private selectionSet(typeName: string, depth: number, maxDepth: number): string {
    const { d } = this;
    if (depth >= maxDepth || this.selections >= MAX_SELECTIONS) return '{ __typename }';
    const count = d.chance(4) ? d.int(5, 30) : d.int(1, 4);
    const items: string[] = [];
    const names = new Set<string>();
    for (let i = 0; i < count && this.selections < MAX_SELECTIONS; i++) {
      this.selections++;
      if (this.mistake(6)) {
        items.push(d.pick(['nope', 'id', 'edges { node { id } }', '__typename @nope', '...Missing', '... on Nope { id }', '...on']));
        continue;
      }
      const roll = d.int(0, 99);
      if (roll < 76) items.push(this.field(typeName, depth, maxDepth, names));
      else if (roll < 88) items.push(this.inlineFragment(typeName, depth, maxDepth));
      else items.push(this.fragmentSpread(typeName, depth, maxDepth));
    }
    return `{ ${items.join(' ')} }`;
  }

  private field(typeName: string, depth: number, maxDepth: number, names: Set<string>): string {
    const { d } = this;
    const fields = this.schema.fields(typeName);
    if (fields.length === 0 || d.chance(6)) return `${d.chance(20) ? this.alias() : ''}__typename`;
    const field = d.pick(fields);
    const args = this.arguments(field.args);
    const directives = d.chance(6) ? this.directives('FIELD') : '';
    const named = this.schema.types.get(namedType(field.type));
    let selection = '';
    if (named && isComposite(named)) {
      // Leaving out the selection of an object field is a validation error worth sending now and then.
      selection = this.mistake(5) ? '' : ` ${this.selectionSet(named.name, depth + 1, maxDepth)}`;
    } else if (this.mistake(4)) {
      selection = ' { id }';
    }
    // A field selected again with arguments gets an alias of its own, so the two never conflict.
    const alias = (args && names.has(field.name)) || d.chance(4) ? this.alias() : '';
    names.add(field.name);
    const written = `${alias}${field.name}${args}${directives}${selection}`;
    // A list or connection asked for again and again under aliases: its price must add up to what it could return.
    if (isListOrConnection(field.type, this.schema) && d.chance(5) && this.selections < MAX_SELECTIONS) {
      const times = d.int(10, 99);
      this.selections += Math.min(times, 10);
      const repeated = Array.from({ length: times }, () => `${this.alias()}${field.name}${args}${directives}${selection}`);
      return [written, ...repeated].join(' ');
    }
    return written;
  }

  private alias(): string {
    // A repeated alias over different fields or arguments is a validation error.
    return this.mistake(20) ? 'a0: ' : `a${this.counter++}: `;
  }

  private fragmentTarget(typeName: string): string {
    const { d } = this;
    if (!this.mistake(30)) return d.pick(this.schema.possibleTypes(typeName));
    return d.chance(80) ? d.pick(this.schema.compositeNames) : d.pick(this.schema.typeNames);
  }

  private inlineFragment(typeName: string, depth: number, maxDepth: number): string {
    const { d } = this;
    const on = d.chance(80) ? this.fragmentTarget(typeName) : undefined;
    const directives = d.chance(12) ? this.directives('INLINE_FRAGMENT') : '';
    const body = this.selectionSet(on && this.schema.types.has(on) ? on : typeName, depth, maxDepth);
    return `...${on ? ` on ${on}` : ''}${directives} ${body}`;
  }

  private fragmentSpread(typeName: string, depth: number, maxDepth: number): string {
    const { d } = this;
    const existing = this.fragmentsOn.get(typeName) ?? [];
    let name: string;
    let small = false;
    if (existing.length > 0 && d.chance(40)) {
      name = d.pick(existing);
    } else {
      const on = this.fragmentTarget(typeName);
      name = `F${this.counter++}`;
      const selectionsBefore = this.selections;
      const body = this.selectionSet(this.schema.types.has(on) ? on : typeName, depth, maxDepth);
      small = this.selections - selectionsBefore <= 3;
      const definitionDirectives = this.mistake(5) ? this.directives('FRAGMENT_DEFINITION') : '';
      this.fragments.push(`fragment ${name} on ${on}${definitionDirectives} ${body}`);
      this.fragmentsOn.set(typeName, [...existing, name]);
    }
    // A small fragment spread hundreds of times; a large one so spread is refused by the field limit.
    const many = this.spreadMany && small;
    if (many) this.spreadMany = false;
    const times = many ? d.int(20, 100) : d.chance(15) ? 2 : 1;
    const spreads: string[] = [];
    for (let i = 0; i < times; i++) spreads.push(`...${name}${d.chance(5) ? this.directives('FRAGMENT_SPREAD') : ''}`);
    return spreads.join(' ');
  }

  private directives(location: string): string {
    const { d } = this;
    const all = this.schema.schema.directives;
    // @defer is refused outside `unstable`: most valid operations leave it out, so they run.
    const fitting = all.filter((directive) => directive.locations.includes(location as never) && (directive.name !== 'defer' || this.chaos || d.chance(10)));
    const count = this.mistake(10) ? d.int(2, 4) : 1;
    const uses: string[] = [];
    for (let i = 0; i < count; i++) {
      if (this.mistake(15)) {
        uses.push(`@${d.pick(['nope', 'deprecated', 'auth', 'cost', 'skip'])}${d.chance(50) ? '(if: true)' : ''}`);
        continue;
      }
      const directive = this.mistake(25) || fitting.length === 0 ? d.pick(all) : d.pick(fitting);
      if (fitting.length === 0 && !this.chaos) return '';
      uses.push(`@${directive.name}${this.arguments(directive.args, true)}`);
    }
    return ` ${uses.join(' ')}`;
  }

  private arguments(defs: readonly IntrospectionInputValue[], ofDirective = false): string {
    const { d } = this;
    const parts: string[] = [];
    for (const arg of defs) {
      const required = arg.type.kind === 'NON_NULL' && arg.defaultValue === null;
      if (required ? this.mistake(10) : !d.chance(35)) continue;
      // @defer labels are static and unique per document; directive arguments are literals here.
      if (ofDirective && arg.name === 'label' && !this.mistake(30)) parts.push(`label: "l${this.counter++}"`);
      else parts.push(`${arg.name}: ${this.argumentValue(arg, ofDirective)}`);
    }
    if (this.mistake(5)) parts.push(`${d.pick(['nope', 'first', 'id', 'if'])}: ${literal(this.d.value(hostileJson))}`);
    return parts.length > 0 ? `(${parts.join(', ')})` : '';
  }

  private argumentValue(arg: IntrospectionInputValue, literalOnly: boolean): string {
    if (this.mistake(15)) return literal(this.wrongValue());
    if (this.mistake(5)) return 'null';
    if (!literalOnly && !this.d.chance(60)) return this.variable(arg.type, arg.name);
    // Long values and text a document cannot hold (lone surrogates) travel as variables, as clients send them.
    const value = this.value(arg.type, arg.name, 0);
    const json = JSON.stringify(value) ?? '';
    const asVariable = !literalOnly && (json.length > 2_000 || LONE_SURROGATE_ESCAPE.test(json)) && !this.mistake(30);
    return asVariable ? this.variable(arg.type, arg.name, value) : literal(value, this.chaos);
  }

  private variable(type: IntrospectionTypeRef, hint: string, value = this.value(type, hint, 0)): string {
    const { d } = this;
    const name = `v${this.counter++}`;
    let declared = typeText(type);
    if (this.mistake(10)) declared = declared.replace(/!$/, '');
    else if (this.mistake(12)) declared = d.pick([...this.schema.scalarNames, 'String!', '[ID!]!', 'Int!', '[String]', '[[Int]]']);
    else if (this.mistake(3)) declared = d.pick(['Nope', 'Product', '[Nope!]']);
    const variable: Variable = { name, type: declared, sent: true };
    if (d.chance(8)) variable.defaultLiteral = literal(this.mistake(30) ? this.wrongValue() : this.value(type, hint, 0));
    if (this.mistake(20)) variable.value = this.wrongValue();
    else if (this.mistake(10)) variable.value = null;
    else if (this.mistake(10) || (variable.defaultLiteral !== undefined && d.chance(50))) variable.sent = false;
    else variable.value = value;
    this.variables.push(variable);
    return this.mistake(3) ? '$undeclared' : `$${name}`;
  }

  private variableDefinitions(): string {
    const defs = this.variables.map((v) => `$${v.name}: ${v.type}${v.defaultLiteral !== undefined ? ` = ${v.defaultLiteral}` : ''}`);
    if (this.mistake(5)) defs.push(`$unused: ${this.d.pick(['String', 'Int!', '[ID]'])}`);
    if (defs.length > 0 && this.mistake(3)) defs.push(defs[0]!);
    return defs.length > 0 ? `(${defs.join(', ')})` : '';
  }

  private variableValues(): Record<string, unknown> {
    const { d } = this;
    const values: Record<string, unknown> = {};
    for (const v of this.variables) if (v.sent) values[v.name] = v.value;
    // Variables nobody declared, of any JSON: deep, huge, NUL-bearing.
    if (d.chance(8)) values[d.pick(['extra', 'unused', '__proto__', 'a\u0000'])] = d.value(hostileJson);
    return values;
  }

  /** A value of `type` (often a hostile one of the right kind), for a literal or a variable. */
  private value(type: IntrospectionTypeRef, hint: string, depth: number, nullable = true): unknown {
    const { d } = this;
    if (nullable && type.kind !== 'NON_NULL' && d.chance(5)) return null;
    switch (type.kind) {
      case 'NON_NULL':
        return this.value(type.ofType, hint, depth, false);
      case 'LIST': {
        const roll = d.int(0, 99);
        // Past the 250-item limit (or just at it), with one short value repeated.
        if (roll < 4) return Array.from({ length: d.pick([250, 251, 1_000]) }, () => short(this.value(type.ofType, hint, depth + 1)));
        if (roll < 14) return this.value(type.ofType, hint, depth + 1);
        if (this.mistake(10)) return [[this.value(type.ofType, hint, depth + 1)]];
        return Array.from({ length: d.int(0, 3) }, () => this.value(type.ofType, hint, depth + 1));
      }
      case 'ENUM': {
        const enumType = this.schema.types.get(type.name);
        const names = enumType?.kind === 'ENUM' ? enumType.enumValues.map((v) => v.name) : [];
        if (names.length > 0 && !this.mistake(10)) return new EnumName(d.pick(names));
        return new EnumName(d.pick(['NOPE', 'null', 'true', names[0]?.toLowerCase() ?? 'x']));
      }
      case 'INPUT_OBJECT': {
        const inputType = this.schema.types.get(type.name);
        if (inputType?.kind !== 'INPUT_OBJECT') return {};
        const object: Record<string, unknown> = {};
        for (const field of inputType.inputFields) {
          const required = field.type.kind === 'NON_NULL' && field.defaultValue === null;
          if (required ? this.mistake(8) : depth > 3 || !d.chance(40)) continue;
          object[field.name] = this.mistake(10) ? this.wrongValue() : this.value(field.type, field.name, depth + 1);
        }
        if (this.mistake(5)) object[d.pick(['nope', 'id', 'shopId'])] = d.value(hostileJson);
        return object;
      }
      case 'SCALAR':
        return this.scalar(type.name, hint);
      default:
        return null;
    }
  }

  private scalar(name: string, hint: string): unknown {
    const { d, values } = this;
    if (name === 'String' && /^(after|before)$/.test(hint)) return d.value(values.cursor);
    if (name === 'Int' && /^(first|last|limit)$/.test(hint)) return d.value(values.pageSize);
    if (name === 'String' && /^handle$/i.test(hint)) return d.value(values.handle);
    if (name === 'String' && hint === 'query') return d.value(values.search);
    if (name === 'String' && hint === 'customerAccessToken') return d.value(values.customerToken);
    if (name === 'String' && /email/i.test(hint)) return d.value(values.email);
    if (name === 'String' && /phone/i.test(hint)) return d.value(values.phone);
    switch (name) {
      case 'ID':
        return d.value(values.id);
      case 'Int':
        return this.chaos ? d.value(values.int) : d.value(values.int32);
      case 'Float':
        return d.value(values.float);
      case 'Boolean':
        return d.chance(50);
      case 'Decimal':
        return this.chaos ? d.value(values.decimal) : d.pick(['0', '19.99', '-1', '1000000', 5, 0.5]);
      case 'DateTime':
        return this.chaos ? d.value(values.dateTime) : d.value(values.isoDateTime);
      case 'URL':
        return d.value(values.url);
      case 'JSON':
        return d.value(values.json);
      case 'UnsignedInt64':
        return this.chaos ? d.pick(['-1', '18446744073709551616', 'abc', 5, 1.5]) : d.pick(['0', '1', '18446744073709551615']);
      default:
        return d.value(values.string);
    }
  }

  /** A value of any kind, whatever the position wants. */
  private wrongValue(): unknown {
    const { d } = this;
    switch (d.int(0, 7)) {
      case 0:
        return d.value(hostileString);
      case 1:
        return d.value(hostileInt);
      case 2:
        return d.value(hostileFloat);
      case 3:
        return d.chance(50);
      case 4:
        return { a: 1, b: [true] };
      case 5:
        return [1, 'two', null];
      case 6:
        return new EnumName(d.pick(['NOPE', 'TITLE', 'US', 'EN', 'true']));
      default:
        return d.value(values(this.values));
    }
  }
}

/** A list field, or a connection (a type named `…Connection`), whatever its nullability. */
function isListOrConnection(type: IntrospectionTypeRef, schema: SchemaIndex): boolean {
  let ref = type;
  while (ref.kind === 'NON_NULL') ref = ref.ofType;
  if (ref.kind === 'LIST') return true;
  return 'name' in ref && ref.name.endsWith('Connection') && schema.fields(ref.name).some((f) => f.name === 'edges' || f.name === 'nodes');
}

/** A value whose JSON is short, or a short stand-in: a long one repeated a thousand times is only a large body. */
function short(value: unknown): unknown {
  const json = JSON.stringify(value);
  return json !== undefined && json.length > 200 ? 'x' : value;
}

function values(arbitraries: ScalarArbitraries): fc.Arbitrary<unknown> {
  return fc.oneof(...Object.values(arbitraries));
}

const NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;

/** A value as a GraphQL literal: strings as JSON text, which GraphQL reads the same, or now and then as a block string. */
export function literal(value: unknown, blockStrings = false): string {
  if (value === null || value === undefined) return 'null';
  if (value instanceof EnumName) return NAME.test(value.name) ? value.name : JSON.stringify(value.name);
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  if (typeof value === 'string') return blockStrings && value.length % 7 === 3 && !/["\\]/.test(value) ? `"""${value}"""` : JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((item) => literal(item, blockStrings)).join(', ')}]`;
  if (typeof value === 'object') {
    const fields = Object.entries(value as Record<string, unknown>).filter(([key]) => NAME.test(key));
    return `{${fields.map(([key, v]) => `${key}: ${literal(v, blockStrings)}`).join(', ')}}`;
  }
  return JSON.stringify(String(value));
}

function typeText(type: IntrospectionTypeRef): string {
  if (type.kind === 'NON_NULL') return `${typeText(type.ofType)}!`;
  if (type.kind === 'LIST') return `[${typeText(type.ofType)}]`;
  return type.name;
}

function namedType(type: IntrospectionTypeRef): string {
  return type.kind === 'NON_NULL' || type.kind === 'LIST' ? namedType(type.ofType) : type.name;
}

function isComposite(type: IntrospectionType): boolean {
  return type.kind === 'OBJECT' || type.kind === 'INTERFACE' || type.kind === 'UNION';
}
