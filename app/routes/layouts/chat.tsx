// Chat layout: bare; the entry warning only for visitors from NL and DE.
import { SignupFromLink } from "#app/components/signup-modal.tsx";
import { Outlet } from "react-router";
import { EntryWarningModal } from "#app/components/entry-warning-modal.tsx";
import { useRootData } from "#app/root.tsx";

export default function ChatLayout() {
  const data = useRootData()!;
  return (
    <div className="flex h-dvh flex-col" data-layout="chat">
      <Outlet />
      {data.entryWarning.bareLayouts ? <EntryWarningModal siteName={data.site.name} /> : null}
      <SignupFromLink />
    </div>
  );
}
