/**
 * The parameters of one SQL statement, numbered as they are added: every part of a statement (search filter,
 * relevance, keyset position) adds what it references through the same list, so numbers and values cannot
 * drift apart. The first `reserved` numbers are the caller's own fixed parameters (`$1` shop, …).
 */
export class SqlParams {
  private readonly added: unknown[] = [];

  constructor(private readonly reserved: number) {}

  /** Adds a value and returns its placeholder (`$n`). */
  add(value: unknown): string {
    this.added.push(value);
    return `$${this.reserved + this.added.length}`;
  }

  /** The added values, to pass after the reserved ones. */
  get values(): readonly unknown[] {
    return this.added;
  }
}
