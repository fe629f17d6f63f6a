import { useApp } from '../context';
import { MessagePage } from './MessagePage';

export default function ErrorPage() {
  const serverError = useApp((s) => s.serverError);
  return (
    <MessagePage kind="error" titleKey="LocKey_ErrorPage_Title" copyKey="LocKey_ErrorPage_Copy">
      {serverError ? (
        <div className="cf-feedback cf-feedback--warning" role="alert">
          {serverError}
        </div>
      ) : null}
    </MessagePage>
  );
}
