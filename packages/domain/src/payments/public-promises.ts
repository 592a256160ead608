// The money promises the public pages make, written once from the rules that keep them (decision 036): the
// platform charge is what the ledger does not pay the Geek, and the payment is released on acceptance, which
// the acceptance clock gives a delivered task after AUTO_ACCEPT_DAYS. A change of either number changes the words.
import { AUTO_ACCEPT_DAYS, PLATFORM_CHARGE_PERCENT } from '../orders/acceptance.ts';

/** '15% platform charge' */
export const PLATFORM_CHARGE = `${PLATFORM_CHARGE_PERCENT}% platform charge`;

/** When the held payment reaches the Geek, as a clause: 'released to the Geek when you confirm …'. */
export const RELEASE_CLAUSE = `released to the Geek when you confirm the work, or automatically ${AUTO_ACCEPT_DAYS} days after delivery if you neither confirm it nor ask for a revision or a refund`;

/** The footer's short badge. */
export const RELEASE_BADGE = `Your payment is held until you confirm the work (or for ${AUTO_ACCEPT_DAYS} days after delivery)`;
