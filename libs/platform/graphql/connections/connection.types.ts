import type { Type } from '@nestjs/common';
import { Field, ObjectType } from '@nestjs/graphql';
import type { ListPage } from './list-page.js';

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
  const nodes = items.map(toNode);
  let edges: Edge<T>[] | undefined;
  return {
    nodes,
    get edges() {
      return (edges ??= items.map((item, i) => ({ cursor: cursorOf(item), node: nodes[i]! })));
    },
    pageInfo: {
      hasNextPage: page.hasNextPage,
      hasPreviousPage: page.hasPreviousPage,
      get startCursor() {
        return items.length > 0 ? cursorOf(items[0]!) : null;
      },
      get endCursor() {
        return items.length > 0 ? cursorOf(items.at(-1)!) : null;
      },
    },
  };
}

/** The connection of a page of records, each record shown as `view` gives it. */
export function connectionOf<R, V>(page: ListPage<R>, view: (record: R) => V): Connection<V> {
  return toConnection(page.items, (item) => item.cursor, (item) => view(item.record), page);
}
