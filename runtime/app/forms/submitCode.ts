import { loadClaimChecks } from '../../core/api';

/**
 * The code of the submit: building the payload and its multipart form (and the checks of the
 * answers about the claim). A form's start page never submits, so it is a chunk of its own, loaded in idle time once the claimant is in the fields
 * (FormPage) and asked for again, at once, by the submit itself.
 */
export function loadSubmitCode() {
  return Promise.all([import('../../core/payload/build'), import('../../core/payload/multipart'), loadClaimChecks()]).then(([build]) => build);
}
