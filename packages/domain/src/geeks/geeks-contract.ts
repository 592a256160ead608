import { z } from 'zod';
import { endpoint } from '../http/endpoint.ts';
import { geekActionSchema, geekResponseSchema } from './geek-schemas.ts';

// The Geek calls of docs/product/http-api.md "Geeks" as a student makes them (docs/product/geeks.md Geek, My Geeks).

const geekParams = z.object({ id: z.string().max(100) });
const profileSummary = "A Geek's public profile, with figures from real marks and tasks";

const geekListSchema = z.array(geekResponseSchema);

export const geeksContract = {
  myGeeks: endpoint({
    method: 'GET',
    path: '/my-geeks',
    summary: "The Geeks of the caller's tasks under review, blocked ones left out",
    responses: { 200: geekListSchema },
    errors: [401],
  }),
  blocked: endpoint({
    method: 'GET',
    path: '/my-geeks/blocked',
    summary: 'The Geeks the caller blocked (left out of My Geeks), to unblock them',
    responses: { 200: geekListSchema },
    errors: [401],
  }),
  profile: endpoint({
    method: 'GET',
    path: '/geek/:id',
    summary: profileSummary,
    params: geekParams,
    responses: { 200: geekResponseSchema },
    errors: [401, 404],
  }),
  /** docs/product/http-api.md names this path too; `public=1` is its only form. */
  publicProfile: endpoint({
    method: 'GET',
    path: '/users/none/:id',
    summary: profileSummary,
    params: geekParams,
    query: z.object({ public: z.literal('1').optional() }),
    responses: { 200: geekResponseSchema },
    errors: [401, 404],
  }),
  act: endpoint({
    method: 'POST',
    path: '/geek/:id',
    summary: 'Favourite, unfavourite, block or unblock a Geek (for the caller only)',
    params: geekParams,
    body: geekActionSchema,
    responses: { 200: geekResponseSchema },
    errors: [401, 404, 422],
  }),
};
