import fc from 'fast-check';
import { MAX_TAGS, MAX_TAG_LENGTH } from '@platform/errors';
import { type TagError, checkedTags, splitTags, tagsAfter, tooManyTags } from './tags.rules.js';

const SEED = { seed: 20261129, numRuns: 500 };

// Tags as callers write them: words with spaces, commas and case changes around them, now and then blank.
const word = fc.stringMatching(/^[A-Za-z0-9 ,éÉ-]{0,12}$/);
const tagLists = fc.array(word, { maxLength: 30 });

function checked(tags: unknown): { tags: string[] | null; problems: TagError[] } {
  const problems: TagError[] = [];
  return { tags: checkedTags(problems, 'tags', tags), problems };
}

const fold = (tags: readonly string[]) => tags.map((t) => t.toLowerCase());

describe('tag rules', () => {
  it('splits on commas, trims and drops blanks, whether given a list or one string', () => {
    expect(splitTags(' vip , Wholesale')).toEqual(['vip', 'Wholesale']);
    expect(splitTags(['a, b', ' ', 'c,,'])).toEqual(['a', 'b', 'c']);
    expect(checked(['vip, Wholesale', 'VIP', '', ' wholesale ', 'new']).tags).toEqual(['vip', 'Wholesale', 'new']);
  });

  it('keeps tags trimmed, without commas, one of each case-insensitively, within the limits', () => {
    fc.assert(
      fc.property(tagLists, (tags) => {
        const kept = checked(tags).tags!;
        for (const tag of kept) {
          expect(tag).toBe(tag.trim());
          expect(tag).not.toBe('');
          expect(tag).not.toContain(',');
          expect(tag.length).toBeLessThanOrEqual(MAX_TAG_LENGTH);
        }
        expect(new Set(fold(kept)).size).toBe(kept.length);
        // Every part given is kept in some spelling, and nothing else.
        expect(new Set(fold(kept))).toEqual(new Set(fold(splitTags(tags))));
      }),
      SEED,
    );
  });

  it('reads a list and the same tags as one comma-separated string alike, and its own answer as it is', () => {
    fc.assert(
      fc.property(tagLists, (tags) => {
        const kept = checked(tags).tags!;
        expect(checked([tags.join(',')]).tags).toEqual(kept);
        expect(checked(kept).tags).toEqual(kept);
      }),
      SEED,
    );
  });

  it('refuses what is not a list of strings, a NUL, a tag over 255 characters and more than 250 tags', () => {
    expect(checked('vip').problems).toEqual([expect.objectContaining({ code: 'INVALID', field: 'tags', message: 'Tags must be a list of strings' })]);
    expect(checked(['ok', 7]).problems).toEqual([expect.objectContaining({ code: 'INVALID', message: 'Tags must be strings without NUL characters' })]);
    expect(checked(['a\0b']).problems).toEqual([expect.objectContaining({ code: 'INVALID', message: 'Tags must be strings without NUL characters' })]);
    expect(checked([`ok, ${'x'.repeat(MAX_TAG_LENGTH + 1)}`]).problems).toEqual([
      expect.objectContaining({ code: 'TOO_LONG', field: 'tags', message: 'Tags is too long (maximum is 255 characters per tag)' }),
    ]);
    expect(checked(['x'.repeat(MAX_TAG_LENGTH)]).tags).toEqual(['x'.repeat(MAX_TAG_LENGTH)]);
    const many = Array.from({ length: MAX_TAGS + 1 }, (_, i) => `tag-${i}`);
    expect(checked(many.slice(1)).tags).toHaveLength(MAX_TAGS);
    expect(checked([many.join(', ')]).problems).toEqual([tooManyTags()]);
    // Duplicates count once.
    expect(checked([...many.slice(1), 'TAG-1']).tags).toHaveLength(MAX_TAGS);
    expect(tooManyTags()).toMatchObject({ code: 'INVALID', field: 'tags', message: 'Tags cannot be more than 250' });
  });

  it('adds and removes case-insensitively, keeping the first spelling and the order', () => {
    expect(tagsAfter(['a', 'B'], ['b', 'c'], ['A'])).toEqual(['B', 'c']);
    fc.assert(
      fc.property(tagLists, tagLists, tagLists, (current, add, remove) => {
        const after = tagsAfter(current, add, remove);
        const removed = new Set(fold(remove));
        expect(new Set(fold(after)).size).toBe(after.length);
        expect(fold(after).some((t) => removed.has(t))).toBe(false);
        // The first spelling of each tag not removed, in the order of first appearance.
        const expected: string[] = [];
        for (const tag of [...current, ...add]) {
          if (!removed.has(tag.toLowerCase()) && !fold(expected).includes(tag.toLowerCase())) expected.push(tag);
        }
        expect(after).toEqual(expected);
        // Adding twice is adding once; removing what was added leaves the rest.
        expect(tagsAfter(after, add, remove)).toEqual(after);
        expect(tagsAfter(tagsAfter(current, add, []), [], add)).toEqual(tagsAfter(current, [], add));
      }),
      SEED,
    );
  });
});
