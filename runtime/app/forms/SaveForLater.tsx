import { memo, useEffect, useState } from 'react';
import type { SavedForLater } from '../../core/api';
import { typedOpenRecords } from '../../core/models';
import type { PageConfig } from '../../core/types';
import { chunk } from '../../react/chunk';
import { Button } from '../../widgets/Button';
import { useApp, useServices, useT } from '../context';
import { draftModels, type FormSession } from './formSessions';

/** The saved claim's code panel, in a chunk of its own: loaded once the button shows, ahead of a click. */
export const SavedForLaterPanel = chunk(() => import('./SavedForLaterPanel'));

/**
 * "Save and finish later" under an in-flow page: keeps the page's answers on the server as they
 * are (its empty fields allowed, what was typed checked) and answers a resume code. A refusal (a
 * badly typed value, an earlier page) is announced under the button.
 */
// Memoized: its props stay the same while the claimant types on the page above it.
export const SaveForLaterButton = memo(function SaveForLaterButton({
  session,
  page,
  disabled,
  onSaved,
}: {
  session: FormSession;
  page: PageConfig;
  disabled: boolean;
  onSaved: (saved: SavedForLater) => void;
}) {
  const t = useT();
  const { api } = useServices();
  const culture = useApp((s) => s.culture) ?? 'en';
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => void SavedForLaterPanel.preload().catch(() => undefined), []);
  const save = async () => {
    setRefusal(null);
    // After the saves asked before it (a record just saved), with the answers as they are then.
    // A record being typed there is kept too.
    const result = await session.inOrder(() => {
      const { store } = session.actor.getSnapshot().context;
      return api.saveForLater(session.formType, page.id, draftModels({ formType: session.formType, store }, session.submits), culture, typedOpenRecords(page, store));
    });
    if (result.ok) onSaved(result.data);
    else setRefusal(result.errorKey ? t(result.errorKey) : result.error);
  };
  return (
    <div className="cf-save-later">
      <Button variant="outline-secondary" label={t('LocKey_SaveLater_Button')} disableOnClick disabled={disabled} onClick={save} />
      <p className="cf-save-later__help">
        {t('LocKey_SaveLater_Help')}
      </p>
      {refusal ? (
        <p role="alert" className="cf-save-later__refusal cf-field__error-message">
          {refusal}
        </p>
      ) : null}
    </div>
  );
});
