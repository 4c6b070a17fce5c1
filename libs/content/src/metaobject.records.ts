export interface ImportedMetaobjectDefinition {
  id: number;
  type: string;
}

export interface ImportedMetaobject {
  id: number;
  type: string;
  handle: string;
}

export interface MetaobjectFieldRecord {
  key: string;
  type: string;
  value: string;
}

export interface MetaobjectRecord {
  id: number;
  type: string;
  handle: string;
  /** Fields with a value, in the definition's order. */
  fields: MetaobjectFieldRecord[];
  createdAt: Date;
  updatedAt: Date;
}
