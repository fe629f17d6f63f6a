import { Link, useSearch } from 'wouter';
import type { FormType } from '../../core/types';
import { useCulture, useT } from '../context';
import { FLOWS } from '../routes';
import { MessagePage } from './MessagePage';

/** /session-expired?form=<form>&culture=<culture>: offers to start the form again. */
export default function SessionExpiredPage() {
  const t = useT();
  const culture = useCulture();
  const form = new URLSearchParams(useSearch()).get('form');
  const flow = form && form in FLOWS ? FLOWS[form as FormType] : null;
  const start = flow?.pages[0]?.path;
  return (
    <MessagePage kind="session-expired" titleKey="LocKey_SessionExpired_Title" copyKey="LocKey_SessionExpired_Copy" formTitleKey={flow?.titleKey}>
      {start ? (
        <p>
          <Link className="cf-button cf-button--primary" href={`${start}?culture=${culture}`}>
            {t('LocKey_SessionExpired_StartAgain')}
          </Link>
        </p>
      ) : null}
    </MessagePage>
  );
}
