/**
 * docs/product/payments-and-ledger.md "Payment success popup" on a task: what paying for a task means. The popup shows it, and so does the
 * receipt of a task's first payment (decision 024), in the same words.
 */
export const TASK_PAYMENT_RECEIVED = {
  lead: 'We received payment for your task',
  text: 'This means a Geek can work on it. We will contact you in case your Geek needs clarifications.',
} as const;
