export { Decimal, MONEY_PATTERN, formatMoney, parseMoney } from './money.js';
export { CurrencyCode, MAX_CURRENCIES, MoneyV2, moneyV2 } from './graphql/money-v2.type.js';
