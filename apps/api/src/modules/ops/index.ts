// The ops module's public surface: what other modules may call (decision 062). Everything else in
// this folder is the module's own.

export { AUTOPILOT_EMAIL, findGeek, listGeeks } from './ops.repository.ts';
