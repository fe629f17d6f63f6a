import { MessagePage } from './MessagePage';

export default function NotFoundPage() {
  return <MessagePage kind="not-found" titleKey="LocKey_NotFound_Title" copyKey="LocKey_NotFound_Copy" />;
}
