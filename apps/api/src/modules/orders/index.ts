// The orders module's public surface: what other modules may call (decision 062). Everything else in
// this folder is the module's own.

export { findOrderById, findUserOrder, lockOrder, writeOrderRow } from './orders.repository.ts';
