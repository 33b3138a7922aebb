import { DEFAULT_CURRENCY, type Currency } from '../../../domain/payments/money';
import { receiveSetting } from './settings-inbox';

// The club's currency (its `payments` document), learned with GET /api/config through
// settings-inbox.ts: a race's or event's fee is typed in it. Loaded with the forms that take a fee;
// the server stores each fee with the currency of the day it is set.

const CODE = /^[A-Z]{3}$/;
let currency: Currency = DEFAULT_CURRENCY;

/** The club's currency as this device knows it (the default until the server has said). */
export function clubCurrency(): Currency {
  return currency;
}

receiveSetting('currency', (next) => {
  if (typeof next === 'string' && CODE.test(next)) currency = next;
});
