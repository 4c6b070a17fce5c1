import { type GraphQLSchema, Kind, type DocumentNode, lexicographicSortSchema, parse, print, printSchema, visit } from 'graphql';
import { schemaPartsNotIn } from '@platform/versioning';

/**
 * A surface's schema (`servedSchema`) as `version` serves it, in SDL: types and fields sorted by name, without the parts the version
 * does not have (`schemaPartsNotIn`: an `@inContext` argument, an enum value, `@defer`). The process builds one
 * schema per surface and gates those parts at execution; this is what each version's clients can use.
 */
export function versionedSdl(schema: GraphQLSchema, surface: 'storefront' | 'admin_graphql', version: string): string {
  const absent = schemaPartsNotIn(surface, version);
  const directives = new Set(absent.flatMap((part) => (part.directive ? [part.directive] : [])));
  const directiveArguments = new Set(absent.flatMap((part) => (part.directiveArgument ? [part.directiveArgument.join('.')] : [])));
  const enumValues = new Set(absent.flatMap((part) => (part.enumValue ? [part.enumValue.join('.')] : [])));
  const types = new Set(absent.flatMap((part) => part.types ?? []));
  const document: DocumentNode = parse(printSchema(lexicographicSortSchema(schema)));
  const edited = visit(document, {
    DirectiveDefinition(node) {
      if (directives.has(node.name.value)) return null;
      return { ...node, arguments: node.arguments?.filter((arg) => !directiveArguments.has(`${node.name.value}.${arg.name.value}`)) };
    },
    EnumTypeDefinition(node) {
      return { ...node, values: node.values?.filter((value) => !enumValues.has(`${node.name.value}.${value.name.value}`)) };
    },
    enter(node) {
      if ((node.kind === Kind.INPUT_OBJECT_TYPE_DEFINITION || node.kind === Kind.OBJECT_TYPE_DEFINITION || node.kind === Kind.ENUM_TYPE_DEFINITION) && types.has(node.name.value)) return null;
      return undefined;
    },
  });
  return `${print(edited)}\n`;
}
