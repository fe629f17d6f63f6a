import { Suspense } from 'react';
import { chunk } from '../../react/chunk';
import type { SessionTimeoutModalProps } from '../../widgets/SessionTimeoutModal';
import { useT } from '../context';
import { useFormSelector } from './formActor';
import type { FormSession } from './formSessions';

/**
 * The session-timeout warning's code, in a chunk of its own: no start page shows it. Loaded in
 * idle time once the claimant is in the fields, or when a page with the session timer opens.
 */
export const SessionTimeoutModal = chunk<SessionTimeoutModalProps>(async () => ({ default: (await import('../../widgets/SessionTimeoutModal')).SessionTimeoutModal }));

/** The warning one minute before the session ends (spec §4), while the machine says so. */
export function SessionWarning({ session, keepAlive }: { session: FormSession; keepAlive: (always: boolean) => void }) {
  const t = useT();
  const counting = useFormSelector(session.actor, (s) => s.matches({ open: { session: 'counting' } }));
  const remaining = useFormSelector(session.actor, (s) => (s.matches({ open: { session: { counting: 'warning' } } }) ? s.context.session.remainingSeconds : null));
  // Drawn (closed) from the moment the timer counts, so that its code is in well before the warning opens.
  if (!counting) return null;
  return (
    // Its own boundary: while its code is coming, the page stays as it is.
    <Suspense fallback={null}>
      <SessionTimeoutModal
        open={remaining !== null}
        secondsLeft={remaining ?? 0}
        t={t}
        onContinue={() => {
          session.actor.send({ type: 'CONTINUE_SESSION' });
          keepAlive(true);
        }}
      />
    </Suspense>
  );
}
