import { type APIRequestContext, expect } from '@playwright/test';
import { operatorToken } from './operator.ts';

/**
 * The operator's side of a delivery through the operator API: a Geek is assigned and starts, a final draft is
 * uploaded (presigned POST to storage, then attached) and the task is delivered.
 */
export async function operatorDeliversFinalDraft(
  request: APIRequestContext,
  orderId: string,
  draft: { name: string; body: Buffer },
  geekProfile: { name: string; subject: string } = { name: 'Ada L.', subject: 'English' },
): Promise<string> {
  const auth = { authorization: `Bearer ${await operatorToken(request)}` };
  const ops = (path: string, data: unknown) => request.post(`/api/v3/ops${path}`, { headers: auth, data });
  // docs/product/http-api.md: POST /ops/geeks adds a Geek (the e2e product starts without demo Geeks).
  const geek = await ops('/geeks', {
    public_full_name: geekProfile.name,
    major: geekProfile.subject,
    public_subjects: [geekProfile.subject],
  });
  expect(geek.status()).toBe(201);
  const geekId = (await geek.json())._id as string;
  const transition = async (name: string, extra: Record<string, unknown> = {}) =>
    expect((await ops(`/orders/${orderId}/transitions`, { name, ...extra })).status()).toBe(200);
  await transition('assign_geek', { writer_id: geekId });
  await transition('start_work');

  const signed = await ops(`/orders/${orderId}/uploads`, {
    name: draft.name,
    size: draft.body.length,
    type: 'application/pdf',
  });
  expect(signed.status()).toBe(201);
  const post = (await signed.json()) as { url: string; fields: Record<string, string>; location: string };
  const stored = await request.post(post.url, {
    multipart: {
      ...post.fields,
      file: { name: draft.name, mimeType: 'application/pdf', buffer: draft.body },
    },
  });
  expect(stored.status()).toBe(204);
  const attached = await ops(`/orders/${orderId}/files`, {
    files: [{ location: post.location, name: draft.name, size: draft.body.length, type: 'file_final_draft' }],
  });
  expect(attached.status()).toBe(201);
  await transition('deliver');
  return geekId;
}
