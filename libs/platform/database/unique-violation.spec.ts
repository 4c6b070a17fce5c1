import { UniqueConstraintViolationException } from '@mikro-orm/core';
import pg from 'pg';
import { uniqueViolation } from './unique-violation.js';

describe('uniqueViolation', () => {
  const pgError = (code: string, constraint?: string) => Object.assign(new pg.DatabaseError('duplicate key value violates unique constraint', 1, 'error'), { code, constraint });

  it("names the constraint of node-postgres' error and of the ORM's exception that wraps it", () => {
    expect(uniqueViolation(pgError('23505', 'customers_shop_id_email_unique'))).toBe('customers_shop_id_email_unique');
    expect(uniqueViolation(new UniqueConstraintViolationException(pgError('23505', 'customers_shop_id_phone_unique')))).toBe('customers_shop_id_phone_unique');
  });

  it('is null for other errors and for what is not an error, whatever the message says', () => {
    expect(uniqueViolation(pgError('23503', 'customers_shop_id_email_unique'))).toBeNull();
    expect(uniqueViolation(new Error('customers_shop_id_email_unique'))).toBeNull();
    for (const value of [null, undefined, 'x', 23505, { code: 23505 }]) expect(uniqueViolation(value)).toBeNull();
  });

  it('answers an empty name when the server gave none', () => {
    expect(uniqueViolation(pgError('23505'))).toBe('');
  });
});
