/**
 * The new-task limit of the stories' server (decision 052): above the 60 tasks one story lists and pages through,
 * and what the story of the limit itself reaches.
 */
export const E2E_NEW_TASKS_PER_HOUR = 64;
