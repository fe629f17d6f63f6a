import { Button } from './Button';
import { Modal } from './Modal';
import type { Translate } from './types';

export const ERROR_ALERT_OK_KEY = 'LocKey_ErrorAlert_Ok';

export interface ErrorAlertModalProps {
  /** The error dialog state (spec §3): shown while showError is set. */
  showError: boolean;
  header: string;
  message: string;
  t: Translate;
  /** OK (and Escape) clear the flag. */
  onClose: () => void;
}

/** The error alert of spec §4: opens when error info shows an error, closes on OK. */
export function ErrorAlertModal(props: ErrorAlertModalProps) {
  const ok = props.t(ERROR_ALERT_OK_KEY);
  return (
    <Modal open={props.showError} title={props.header} onEscape={props.onClose} className="cf-modal--error" role="alertdialog">
      <p className="cf-modal__text">{props.message}</p>
      <div className="cf-modal__actions">
        <Button label={ok === ERROR_ALERT_OK_KEY ? 'OK' : ok} variant="primary" onClick={props.onClose} />
      </div>
    </Modal>
  );
}
