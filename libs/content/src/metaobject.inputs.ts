export interface NewMetaobjectFieldDefinition {
  key: string;
  name?: string;
  type: string;
  required?: boolean;
  description?: string | null;
}

export interface NewMetaobjectDefinition {
  type: string;
  name: string;
  description?: string | null;
  fieldDefinitions: NewMetaobjectFieldDefinition[];
}

/** An entry of the shop's definition of `type`; `fields` maps field keys to values (strings, typed by the definition). */
export interface NewMetaobject {
  type: string;
  handle: string;
  fields: Record<string, string>;
}
