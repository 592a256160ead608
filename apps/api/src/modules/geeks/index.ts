// The geeks module's public surface: what other modules may call (decision 062). Everything else in
// this folder is the module's own.

export {
  blockedByTaskClient,
  geekFigures,
  insertGeek,
  isCourse,
  lockClientGeekChoices,
  lockGeek,
  markGeekSeen,
  updateGeek,
} from './geeks.repository.ts';
export { geekFields, opsGeekView } from './staff-geek-view.ts';
