import type { Type } from '@nestjs/common';
import { Field, ObjectType } from '@nestjs/graphql';
import type { ListPage } from '@platform/paging';

@ObjectType('PageInfo', { description: 'Where a page sits in its connection.' })
export class PageInfo {
  @Field()
  hasNextPage!: boolean;

  @Field()
  hasPreviousPage!: boolean;

  @Field(() => String, { nullable: true })
  startCursor!: string | null;

  @Field(() => String, { nullable: true })
  endCursor!: string | null;
}

export interface Edge<T> {
  cursor: string;
  node: T;
}

/** The value a connection field resolves to. */
export interface Connection<T> {
  edges: Edge<T>[];
  nodes: T[];
  pageInfo: PageInfo;
}

/**
 * `<Name>Connection { edges { cursor node } nodes pageInfo }` and `<Name>Edge` for a node type:
 * `@ObjectType('ProductConnection', { registerIn }) class ProductConnection extends ConnectionType(Product, 'Product', registerIn) {}`.
 * `registerIn` names the surface module whose schema holds the types (both surfaces have a `ProductEdge`).
 */
export function ConnectionType<T>(node: Type<T>, name: string, registerIn?: () => Type<unknown>): Type<Connection<T>> {
  @ObjectType(`${name}Edge`, { registerIn })
  class EdgeType {
    @Field({ description: 'Opaque position of the edge, for `after` and `before`.' })
    cursor!: string;

    @Field(() => node)
    node!: T;
  }

  @ObjectType({ isAbstract: true })
  abstract class ConnectionBase {
    @Field(() => [EdgeType])
    edges!: Edge<T>[];

    @Field(() => [node])
    nodes!: T[];

    @Field(() => PageInfo)
    pageInfo!: PageInfo;
  }
  return ConnectionBase as unknown as Type<Connection<T>>;
}

/**
 * Builds a connection from a page of items and the cursor of each. Edges and cursors are built only when
 * the query selects them (a listing usually asks for `nodes`): the field resolver reads the getters.
 */
export function toConnection<S, T>(
  items: readonly S[],
  cursorOf: (item: S) => string,
  toNode: (item: S) => T,
  page: { hasNextPage: boolean; hasPreviousPage: boolean },
): Connection<T> {
  return new LazyConnection(items, items.map(toNode), cursorOf, page);
}

// Classes rather than object literals with getters: a literal's accessors are defined anew on every call,
// and every listing request builds one connection per parent row.
class LazyConnection<S, T> implements Connection<T> {
  private builtEdges?: Edge<T>[];
  readonly pageInfo: PageInfo;

  constructor(
    private readonly items: readonly S[],
    readonly nodes: T[],
    private readonly cursorOf: (item: S) => string,
    page: { hasNextPage: boolean; hasPreviousPage: boolean },
  ) {
    this.pageInfo = new LazyPageInfo(items, cursorOf, page.hasNextPage, page.hasPreviousPage);
  }

  get edges(): Edge<T>[] {
    return (this.builtEdges ??= this.items.map((item, i) => ({ cursor: this.cursorOf(item), node: this.nodes[i]! })));
  }
}

class LazyPageInfo<S> implements PageInfo {
  constructor(
    private readonly items: readonly S[],
    private readonly cursorOf: (item: S) => string,
    readonly hasNextPage: boolean,
    readonly hasPreviousPage: boolean,
  ) {}

  get startCursor(): string | null {
    return this.items.length > 0 ? this.cursorOf(this.items[0]!) : null;
  }

  get endCursor(): string | null {
    return this.items.length > 0 ? this.cursorOf(this.items.at(-1)!) : null;
  }
}

/** The connection of a page of records, each record shown as `view` gives it. */
export function connectionOf<R, V>(page: ListPage<R>, view: (record: R) => V): Connection<V> {
  return toConnection(page.items, (item) => item.cursor, (item) => view(item.record), page);
}
