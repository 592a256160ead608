import type { WorkAddOn } from '@geekly/domain/workspace/workspace-contract.ts';

/** The add-ons that matter to the work, as the Geek reads them. */
export const ADD_ON_LABELS: Record<WorkAddOn, string> = {
  draft_needed: 'Draft needed',
  adv_plagreport: 'Plagiarism report',
  top_writer: 'TOP Geek',
  client_recomended_writer: 'Preferred Geek',
  prioritize_my_task: 'Priority',
};
