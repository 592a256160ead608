// The events module's public surface: what other modules may call (decision 062). Everything else in
// this folder is the module's own.

export {
  eventsAfter,
  latestUserEventId,
  publishEvent,
  publishEventToMany,
  WORKSPACE_STORED_EVENTS,
} from './events.repository.ts';
