import { plainText } from '@platform/html';
import { toGlobalId } from '@platform/ids';
import type { CollectionRecord } from '../../catalog.records.js';
import type { AdminCollection } from './collection.type.js';

class CollectionView implements AdminCollection {
  readonly __typename = 'Collection';
  readonly title: string;
  readonly handle: string;
  readonly descriptionHtml: string;
  readonly updatedAt: Date;

  constructor(readonly record: CollectionRecord) {
    this.title = record.title;
    this.handle = record.handle;
    this.descriptionHtml = record.descriptionHtml;
    this.updatedAt = record.updatedAt;
  }

  get id(): string {
    return toGlobalId('Collection', this.record.id);
  }

  get legacyResourceId(): string {
    return String(this.record.id);
  }

  get description(): string {
    return plainText(this.record.descriptionHtml);
  }
}

export function adminCollectionView(record: CollectionRecord): AdminCollection {
  return new CollectionView(record);
}
