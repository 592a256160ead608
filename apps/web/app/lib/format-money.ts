import { dollarsToCents, formatDollars } from '@geekly/domain/money.ts';

/** API dollars (2 decimals) shown as '$1,234.50', through the domain's cents formatting. */
export const formatUsd = (dollars: number) => formatDollars(dollarsToCents(dollars));
