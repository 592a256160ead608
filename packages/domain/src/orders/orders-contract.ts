import { z } from 'zod';
import { endpoint } from '../http/endpoint.ts';
import { discountInfoSchema } from '../pricing/coupons.ts';
import { deadlinePricesQuerySchema, deadlinePricesSchema } from './deadline-prices.ts';
import { orderActionSchema } from './order-action-schemas.ts';
import {
  groupCourseChangeSchema,
  groupSubjectPreviewQuerySchema,
  groupSubjectPreviewSchema,
  orderPatchSchema,
} from './order-form-schemas.ts';
import { orderListQuerySchema } from './order-list-filters.ts';
import { orderResponseSchema } from './order-response-schema.ts';
import { createOrderSchema } from './order-schemas.ts';

export const orderIdParams = z.object({ id: z.string().max(100) });

/** GET /orders: one page of the caller's tasks and how many match the filters. */
const orderListSchema = z.object({ results: z.array(orderResponseSchema), total: z.number().int() });
export type OrderListPage = z.output<typeof orderListSchema>;

const createdOrderSchema = z.object({ _id: z.string() });

/** POST /orders/subject-change: how many tasks moved to the new course, and how many kept their own. */
const groupCourseChangedSchema = z.object({
  changed: z.number().int(),
  kept: z.number().int(),
  subject: z.string(),
});

/** POST /discount_check's body; the code is normalised by the use case (couponCodeSchema), not refused here. */
const discountCheckSchema = z.object({ code: z.string().max(50) });

/** The student's tasks (docs/product/tasks-and-pricing.md); paying for them is in the payments contract. */
export const ordersContract = {
  list: endpoint({
    method: 'GET',
    path: '/orders',
    summary: "The caller's tasks, newest first (deleted ones left out), filtered by payment and status",
    query: orderListQuerySchema,
    responses: { 200: orderListSchema },
    errors: [401, 422],
  }),
  get: endpoint({
    method: 'GET',
    path: '/orders/:id',
    summary: 'One task of the caller (another user’s task is a 404)',
    params: orderIdParams,
    responses: { 200: orderResponseSchema },
    errors: [401, 404],
  }),
  create: endpoint({
    method: 'POST',
    path: '/orders',
    summary: 'Create a task; past NEW_TASKS_PER_HOUR in the last hour, a 429 with Retry-After',
    body: createOrderSchema,
    responses: { 201: createdOrderSchema },
    errors: [401, 422, 429],
  }),
  deadlinePrices: endpoint({
    method: 'GET',
    path: '/orders/:id/deadline-prices',
    summary: 'What the task costs with later deadlines (+1, +2, +3 days), priced like its quote',
    params: orderIdParams,
    query: deadlinePricesQuerySchema,
    responses: { 200: deadlinePricesSchema },
    errors: [401, 404, 422],
  }),
  edit: endpoint({
    method: 'PATCH',
    path: '/orders/:id',
    summary: 'Edit a task; the server recalculates its quote (prices sent by the client are ignored)',
    params: orderIdParams,
    body: orderPatchSchema,
    responses: { 200: orderResponseSchema },
    errors: [401, 404, 409, 422],
  }),
  action: endpoint({
    method: 'POST',
    path: '/orders/:id',
    summary: 'A client action: rate, request a revision or a refund, add or remove an add-on, delete',
    params: orderIdParams,
    body: orderActionSchema,
    responses: { 200: orderResponseSchema },
    errors: [401, 404, 409, 422],
  }),
  courseChangePreview: endpoint({
    method: 'GET',
    path: '/orders/subject-change',
    summary: "How many of the caller's tasks on one course a group course change would move, and keep",
    query: groupSubjectPreviewQuerySchema,
    responses: { 200: groupSubjectPreviewSchema },
    errors: [401, 422],
  }),
  courseChange: endpoint({
    method: 'POST',
    path: '/orders/subject-change',
    summary:
      "Change the course of the caller's tasks on one course (a task delivered, refunded or refund-requested keeps its own)",
    body: groupCourseChangeSchema,
    responses: { 200: groupCourseChangedSchema },
    errors: [401, 422],
  }),
  discountCheck: endpoint({
    method: 'POST',
    path: '/discount_check',
    summary: 'Check a coupon code for the caller',
    body: discountCheckSchema,
    responses: { 200: discountInfoSchema },
    errors: [401, 422, 429],
  }),
};
