import type { FormSession } from './formSessions';
import { useT } from '../context';
import { FLOWS } from '../routes';

/** The routed page inside a form whose native submit is suppressed. */
export function FormPage({ session, pageId }: { session: FormSession; pageId: string }) {
  const t = useT();
  const page = FLOWS[session.formType].pages.find((p) => p.id === pageId);
  return (
    <form className="cf-form__page" noValidate onSubmit={(e) => e.preventDefault()}>
      <h1 className="cf-page-title">{page ? t(page.titleKey) : ''}</h1>
    </form>
  );
}
