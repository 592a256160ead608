// The files module's public surface: what other modules may call (decision 062). Everything else in
// this folder is the module's own.

export {
  finalDraftInputs,
  finalDraftInputsOf,
  listOrderFiles,
  releaseHeldFiles,
} from './files.repository.ts';
