import { type DocumentNode, type StringValueNode, type ValidationRule, getNamedType, isSpecifiedScalarType, visit } from 'graphql';

/** The string literals of a parsed document, in the order of the text. */
export function stringLiterals(document: DocumentNode): StringValueNode[] {
  const found: StringValueNode[] = [];
  visit(document, {
    StringValue(node) {
      found.push(node);
    },
  });
  return found.sort((a, b) => a.loc!.start - b.loc!.start);
}

/**
 * A document's text with its string literals cut out, or null when it has none. Each piece of text between them is
 * written with its length, and each literal as the number of the first literal equal to it as graphql-js compares
 * them (value and block form): two texts share a shape exactly when they differ only inside their literals and their
 * literals are equal in the same pairs. Such documents parse to the same tree but for those values.
 */
export function literalShape(query: string, literals: readonly StringValueNode[]): string | null {
  if (literals.length === 0) return null;
  const numbers = new Map<string, number>();
  let shape = '';
  let from = 0;
  for (const literal of literals) {
    const { start, end } = literal.loc!;
    const text = `${literal.block ? 'B' : 'S'}${literal.value}`;
    let number = numbers.get(text);
    if (number === undefined) numbers.set(text, (number = numbers.size));
    shape += `${start - from}:${query.slice(from, start)}${number};`;
    from = end;
  }
  return `${shape}${query.length - from}:${query.slice(from)}`;
}

/**
 * A validation rule that reports nothing and notes whether the document's validity could depend on a string literal's
 * value: a literal where a custom scalar (which parses its value) or an enum is expected, or an `@defer`/`@stream`
 * label (compared by value alone). Otherwise validation reads literals only for their equality, which the shape keeps,
 * so a valid document's shape is valid with any other values.
 */
export function literalDependence(found: { dependent: boolean }): ValidationRule {
  return (context) => ({
    StringValue() {
      const type = context.getInputType();
      const named = type ? getNamedType(type) : undefined;
      if (!named || !isSpecifiedScalarType(named) || (named.name !== 'String' && named.name !== 'ID')) found.dependent = true;
    },
    Directive(node) {
      if (node.name.value === 'defer' || node.name.value === 'stream') found.dependent = true;
    },
  });
}
