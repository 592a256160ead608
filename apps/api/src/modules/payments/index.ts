// The payments module's public surface: what other modules may call (decision 062). Everything else in
// this folder is the module's own.

export { geekEarningLines } from './geek-earnings.repository.ts';
export {
  insertPayment,
  lockPayment,
  subscriptionPaymentByRef,
  updatePayment,
} from './payments.repository.ts';
