import { formatDeadlineDate, formatDeadlineTime } from '@geekly/domain/orders/deadline.ts';
import {
  earliestRevisionDeadline,
  isRevisionDeadlineTooEarly,
  type OrderActionBody,
  revisionTooEarlyMessage,
} from '@geekly/domain/orders/order-action-schemas.ts';
import { isChangeable } from '@geekly/domain/orders/order-status.ts';
import type { AppContext } from '../../app-context.ts';
import type { UserRow } from '../../db/rows.ts';
import { validationError } from '../../lib/app-error.ts';
import { applyOrderTransition, type Loaded } from './apply-order-transition.ts';
import { areRevisionFiles, preferredGeekIds } from './orders.repository.ts';

/** The add-on rules' view of the task at this moment (docs/product/statuses-and-state-machine.md). */
async function addOnContext(loaded: Loaded) {
  const { price } = loaded.priced;
  return {
    locked: !isChangeable(loaded.state),
    freeAddOn: price.freeAddOn,
    saving: false,
    hoursLeft: price.hoursLeft,
    preferredGeekIds: await preferredGeekIds(loaded.tx, loaded.row.userId),
    workCents: price.workCents,
    planAddOns: loaded.priced.planAddOns,
  };
}

/** POST /orders/{id}: each client action is one transition of the order state machine. */
export async function runOrderAction(ctx: AppContext, user: UserRow, orderId: string, body: OrderActionBody) {
  const caller = { actor: 'student', userId: user.id, actorId: user.id } as const;
  switch (body.action) {
    case 'client_feedback':
      return applyOrderTransition(ctx, caller, orderId, 'rate', {
        mark: body.mark,
        feedback: body.feedback || null,
        tags: body.tags ?? [],
      });
    case 'client_revision': {
      const deadline = new Date(body.revision_deadline);
      const now = ctx.now();
      if (isRevisionDeadlineTooEarly(now, deadline)) {
        const earliest = earliestRevisionDeadline(now);
        const tz = user.timezoneStr;
        throw validationError({
          revision_deadline: revisionTooEarlyMessage(
            formatDeadlineDate(earliest, tz),
            formatDeadlineTime(earliest, tz),
          ),
        });
      }
      const fileIds = body.files ?? [];
      return applyOrderTransition(ctx, caller, orderId, 'request_revision', async (loaded) => {
        // Checked once the owner's task is locked: the files must be this task's revision attachments.
        if (!(await areRevisionFiles(loaded.tx, loaded.row.id, fileIds)))
          throw validationError({ files: 'Please attach the files to this task first' });
        return { comment: body.comment, deadline };
      });
    }
    case 'client_refund':
      return applyOrderTransition(ctx, caller, orderId, 'request_refund', {
        comment: body.comment,
        destination: body.refund_to ?? 'balance',
      });
    case 'service_add':
    case 'service_delete':
      return applyOrderTransition(
        ctx,
        caller,
        orderId,
        body.action === 'service_add' ? 'add_service' : 'remove_service',
        async (loaded) => ({
          service: body.tag,
          geekId: body.writer_id ?? null,
          addOns: await addOnContext(loaded),
        }),
      );
    case 'client_subject':
      return applyOrderTransition(ctx, caller, orderId, 'change_subject', { subject: body.subject });
    case 'client_accept':
      return applyOrderTransition(ctx, caller, orderId, 'accept_work', {});
    case 'client_remove':
      return applyOrderTransition(ctx, caller, orderId, 'delete', {});
  }
}
