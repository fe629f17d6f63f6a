import { ErrorAlertModal } from '../widgets/ErrorAlertModal';
import { useApp, useServices, useT } from './context';

/**
 * The layout's error alert (spec §4): open while the error dialog shows an error; OK clears the
 * flag. Header and message are localization keys or a server's text (a missing key shows itself).
 */
export function ErrorAlert() {
  const t = useT();
  const { store } = useServices();
  const dialog = useApp((s) => s.errorDialog);
  return (
    <ErrorAlertModal
      showError={dialog.showError}
      header={t(dialog.header ?? 'LocKey_ErrorAlert_Title')}
      message={dialog.message ? t(dialog.message) : ''}
      t={t}
      onClose={() => store.set({ errorDialog: { showError: false, header: null, message: null } })}
    />
  );
}
