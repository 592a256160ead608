// The users module's public surface: what other modules may call (decision 062). Everything else in
// this folder is the module's own.

export {
  bumpTokenVersion,
  clientSessionIsValid,
  findUserByEmail,
  findUserById,
  sessionStillValid,
  staffSessionIsValid,
} from './users.repository.ts';
