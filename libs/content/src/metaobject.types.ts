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

export interface ImportedMetaobjectDefinition {
  id: number;
  type: string;
}

export interface ImportedMetaobject {
  id: number;
  type: string;
  handle: string;
}

export interface MetaobjectFieldRead {
  key: string;
  type: string;
  value: string;
}

export interface MetaobjectRead {
  id: number;
  type: string;
  handle: string;
  /** Fields with a value, in the definition's order. */
  fields: MetaobjectFieldRead[];
  createdAt: Date;
  updatedAt: Date;
}
