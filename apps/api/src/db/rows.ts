import type { orderFiles, orders, payments, users } from './schema.ts';

// The rows of the tables several modules read (an account, a task, a file, a payment), typed once from the
// schema: a module that receives one does not import the owning module's repository for its type.
export type UserRow = typeof users.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type OrderFileRow = typeof orderFiles.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
