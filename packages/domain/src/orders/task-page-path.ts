/**
 * docs/product/tasks-and-pricing.md '/neworder/{orderId}': the new-order variant of the task page, "used for assignment tasks without
 * details" (decision 046). A task that can still be edited and has no details yet opens there from the 'added'
 * popup; anything else opens on its ordinary page.
 */
export function addedTaskPath(task: { _id: string; details: string; changeable: boolean }): string {
  const id = encodeURIComponent(task._id);
  return task.changeable && task.details.trim() === '' ? `/neworder/${id}` : `/order/${id}`;
}
