import { MessagePage } from './MessagePage';

export default function DeadlinePage() {
  return <MessagePage kind="deadline" titleKey="LocKey_Deadline_Title" copyKey="LocKey_Deadline_Copy" />;
}
