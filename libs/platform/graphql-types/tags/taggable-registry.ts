import { Injectable } from '@nestjs/common';
import type { Scope } from '@platform/auth';
import type { DomainError } from '@platform/errors';
import type { RequestContext } from '@platform/request';

/**
 * What a change of an object's tags answers: the object as it now is (the record its node view shows), or null
 * with the problems (NOT_FOUND for an id the shop does not have; the tag rules' INVALID and TOO_LONG).
 */
export interface TagsChange<R> {
  record: R | null;
  problems: readonly DomainError[];
}

/** How one type of object keeps tags: what `tagsAdd` and `tagsRemove` call for a global id of `type`. */
export interface Taggable<R extends object = object> {
  /** The global id's type (`Customer`, `Order`); its admin node view (NodeRegistry) shows the record. */
  readonly type: string;
  /** The scope a caller needs to change its tags: the type's write scope. */
  readonly scope: Scope;
  /** Adds tags (as given: a list, or one comma-separated string in a list) to the object `id` of ctx's shop. */
  addTags(ctx: RequestContext, id: number, tags: readonly string[]): Promise<TagsChange<R>>;
  /** Removes tags (case-insensitively) from the object `id` of ctx's shop. */
  removeTags(ctx: RequestContext, id: number, tags: readonly string[]): Promise<TagsChange<R>>;
}

/**
 * `tagsAdd` and `tagsRemove` without knowing any domain: each context registers its taggable types in its admin API
 * module's `onModuleInit`, with the scope their writes need and the use cases that change their tags.
 */
@Injectable()
export class TaggableRegistry {
  private readonly types = new Map<string, Taggable>();

  register<R extends object>(taggable: Taggable<R>): void {
    if (this.types.has(taggable.type)) throw new Error(`taggable type ${taggable.type} is registered twice`);
    this.types.set(taggable.type, taggable as unknown as Taggable);
  }

  /** The registration of a global id's type, or undefined for a type that keeps no tags. */
  find(type: string): Taggable | undefined {
    return this.types.get(type);
  }
}
