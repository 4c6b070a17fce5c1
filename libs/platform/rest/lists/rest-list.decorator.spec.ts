import { RestList } from './rest-list.decorator.js';

// The query parameters `@RestList` puts on a route, where @nestjs/swagger reads them (its DECORATORS.API_PARAMETERS).
const API_PARAMETERS = 'swagger/apiParameters';

function documented(decorator: MethodDecorator): { name: string; schema: unknown }[] {
  class Probe {
    route() {}
  }
  const descriptor = Object.getOwnPropertyDescriptor(Probe.prototype, 'route')!;
  decorator(Probe.prototype, 'route', descriptor);
  return (Reflect.getMetadata(API_PARAMETERS, descriptor.value) as { name: string; schema: unknown }[]).map(({ name, schema }) => ({ name, schema }));
}

describe('@RestList', () => {
  it("documents a list's limit, fields, page_info and each filter of its listing", () => {
    const names = documented(RestList({ filters: ['since_id', 'created_at_min'] })).map((p) => p.name);
    expect(names.sort()).toEqual(['created_at_min', 'fields', 'limit', 'page_info', 'since_id']);
  });

  it("documents only the filters of a count, and a filter's own description and schema when given", () => {
    const status = { type: 'string' as const, enum: ['open', 'any'] };
    expect(documented(RestList({ filters: ['ids', 'status'] }, { count: true, filters: { status: { description: 'Which', schema: status } } }))).toEqual(
      expect.arrayContaining([{ name: 'ids', schema: expect.objectContaining({ type: 'string' }) }, { name: 'status', schema: status }]),
    );
    expect(documented(RestList({ filters: ['ids'] }, { count: true })).map((p) => p.name)).toEqual(['ids']);
  });

  it('refuses a filter it cannot describe, and a description of a filter the listing does not read', () => {
    expect(() => RestList({ filters: ['vendor'] })).toThrow("the filter 'vendor' has no description");
    expect(() => RestList({ filters: ['ids'] }, { filters: { status: { description: 'Which' } } })).toThrow('status are not filters of the listing');
  });
});
