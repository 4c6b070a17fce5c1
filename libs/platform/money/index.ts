export { Decimal, MONEY_PATTERN, formatMoney, parseMoney } from './money.js';
