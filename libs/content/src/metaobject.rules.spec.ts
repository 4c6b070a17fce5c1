import { metaobjectDefinitionRow, metaobjectRow } from './metaobject.rules.js';

const designer = metaobjectDefinitionRow({
  type: 'designer',
  name: 'Designer',
  fieldDefinitions: [
    { key: 'name', name: 'Name', type: 'single_line_text_field', required: true },
    { key: 'bio', type: 'multi_line_text_field' },
    { key: 'website', name: 'Website', type: 'url' },
  ],
});

describe('metaobject definitions and entries', () => {
  it('fills field names and required flags', () => {
    expect(designer.fieldDefinitions[1]).toEqual({ key: 'bio', name: 'bio', type: 'multi_line_text_field', required: false, description: null });
  });

  it('refuses bad types, repeated keys and unknown field types', () => {
    expect(() => metaobjectDefinitionRow({ ...designer, type: 'ab' })).toThrow(expect.objectContaining({ field: 'definition.type' }));
    expect(() => metaobjectDefinitionRow({ ...designer, fieldDefinitions: [designer.fieldDefinitions[0], designer.fieldDefinitions[0]] })).toThrow(
      expect.objectContaining({ field: 'definition.fieldDefinitions[1].key', code: 'TAKEN' }),
    );
    expect(() => metaobjectDefinitionRow({ ...designer, fieldDefinitions: [{ key: 'x1', type: 'text' }] })).toThrow(
      expect.objectContaining({ field: 'definition.fieldDefinitions[0].type' }),
    );
  });

  it('checks entries against their definition and drops empty values', () => {
    const row = metaobjectRow({ type: 'designer', handle: 'ada-lane', fields: { name: 'Ada Lane', bio: '', website: 'https://ada.example' } }, designer);
    expect(row).toEqual({ type: 'designer', handle: 'ada-lane', fields: { name: 'Ada Lane', website: 'https://ada.example' } });
    expect(() => metaobjectRow({ type: 'designer', handle: 'x', fields: { bio: 'no name' } }, designer)).toThrow(expect.objectContaining({ field: 'metaobject.fields.name', code: 'BLANK' }));
    expect(() => metaobjectRow({ type: 'designer', handle: 'x', fields: { name: 'X', age: '3' } }, designer)).toThrow(expect.objectContaining({ field: 'metaobject.fields.age' }));
    expect(() => metaobjectRow({ type: 'designer', handle: 'x', fields: { name: 'X', website: 'ada.example' } }, designer)).toThrow(
      expect.objectContaining({ field: 'metaobject.fields.website' }),
    );
  });
});
