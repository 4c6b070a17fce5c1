export { Decimal, MONEY_PATTERN, formatMoney, parseMoney } from './money.js';
export { DecimalScalar } from './graphql/decimal.scalar.js';
export { MoneyScalar } from './graphql/money.scalar.js';
export { CurrencyCode, MAX_CURRENCIES, MoneyV2, moneyV2 } from './graphql/money-v2.type.js';
