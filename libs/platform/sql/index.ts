export { SqlParams } from './sql-params.js';
export { isSqlBigint, isSqlInteger, isSqlNumeric, isSqlReal, isSqlText, isSqlTimestamp } from './sql-values.js';
