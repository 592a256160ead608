// The messages module's public surface: what other modules may call (decision 062). Everything else in
// this folder is the module's own.

export {
  claimDueMessageMail,
  findMessage,
  finishMessageMail,
  hasOpenStream,
  listOrderMessages,
  unreadForClient,
} from './messages.repository.ts';
