import { DECORATORS } from '@nestjs/swagger';

/**
 * The first field of a shaped body (`plainToInstance`'s instance, nested instances included) that holds null
 * although its `@ApiProperty` does not declare it `nullable`, or null. `@IsOptional()` lets null past every
 * other rule, and a NOT NULL column then failed the statement (a 500); the OpenAPI document already says which
 * fields take null, so that one declaration decides here too. Walks with an explicit stack.
 */
export function nullInNonNullableField(instance: object): string | null {
  const stack: unknown[] = [instance];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push(value[i]);
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    const record = value as Record<string, unknown>;
    const fields = documentedFields(record);
    for (const field of fields) if (record[field] === null && !nullable(record, field)) return field;
    for (let i = fields.length - 1; i >= 0; i--) if (typeof record[fields[i]!] === 'object') stack.push(record[fields[i]!]);
  }
  return null;
}

// The fields @nestjs/swagger recorded for the value's class (stored as `:name`); plain objects and lists a field
// takes as they are (a risk's `score`, a metafield's `value`) have none.
function documentedFields(value: object): string[] {
  const names: string[] | undefined = Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES_ARRAY, Object.getPrototypeOf(value) ?? {});
  return (names ?? []).map((name) => name.replace(/^:/, ''));
}

function nullable(value: object, field: string): boolean {
  const documented: { nullable?: boolean } | undefined = Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES, Object.getPrototypeOf(value), field);
  return documented?.nullable === true;
}
