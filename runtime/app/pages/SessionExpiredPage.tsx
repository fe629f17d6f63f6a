import { Link, useSearch } from 'wouter';
import { useCulture, useServices, useT } from '../context';
import { MessagePage } from './MessagePage';

/** /session-expired?form=<form>&culture=<culture>: offers to start the form again. */
export default function SessionExpiredPage() {
  const t = useT();
  const culture = useCulture();
  const form = new URLSearchParams(useSearch()).get('form');
  const { flows } = useServices();
  const flow = form ? (flows.find(form) ?? null) : null;
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
