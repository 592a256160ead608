// The autopilot module's public surface: what other modules may call (decision 062). Everything else in
// this folder is the module's own.

export { AUTOPILOT_EMAIL } from './autopilot.repository.ts';
