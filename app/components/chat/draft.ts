// The message a member typed and has not sent yet, kept per conversation in the tab's
// sessionStorage: it survives leaving the chat (buying credits on a provider's page and coming
// back) and a reload. A text handed to the send keeps its client key, and the draft goes once the
// message with that key is in the thread; a send refused for want of credits leaves it for later.
import { useEffect, useLayoutEffect, useState } from "react";

interface Draft {
  text: string;
  /** the client key of the send that carried this text */
  key?: string;
}

const MAX_LENGTH = 20_000;
const storageKey = (conversation: string) => `chat-draft:${conversation}`;

function read(conversation: string): Draft | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(storageKey(conversation)) ?? "null");
    if (!value || typeof value !== "object" || typeof (value as Draft).text !== "string") return null;
    const { text, key } = value as Draft;
    return typeof key === "string" ? { text, key } : { text };
  } catch {
    return null;
  }
}

function write(conversation: string, draft: Draft | null) {
  try {
    if (draft && draft.text.trim()) sessionStorage.setItem(storageKey(conversation), JSON.stringify({ ...draft, text: draft.text.slice(0, MAX_LENGTH) }));
    else sessionStorage.removeItem(storageKey(conversation));
  } catch {
    // storage off or full (private windows): the draft lives as long as the page
  }
}

/**
 * Puts a kept draft into the empty message field once, and forgets it once its message is stored.
 * `storedKeys`: the client keys of the member's messages in the thread.
 */
export function useChatDraft(conversation: string, textarea: React.RefObject<HTMLTextAreaElement | null>, storedKeys: string[]) {
  const [restored, setRestored] = useState(false);
  useLayoutEffect(() => {
    const draft = read(conversation);
    if (!draft) return;
    if (draft.key && storedKeys.includes(draft.key)) return write(conversation, null);
    const field = textarea.current;
    if (!field || field.value) return;
    field.value = draft.text;
    field.style.height = `${Math.min(field.scrollHeight, 160)}px`;
    setRestored(true);
    // once, when the thread opens: later changes of the field are the member's
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [conversation]);

  const stored = storedKeys.join(" ");
  useEffect(() => {
    const draft = read(conversation);
    if (draft?.key && stored.split(" ").includes(draft.key)) write(conversation, null);
  }, [conversation, stored]);

  return {
    /** a draft was put back into the field when the thread opened */
    restored,
    typed: (text: string) => write(conversation, { text }),
    sent: (text: string, key: string) => write(conversation, { text, key }),
    discarded: (key: string) => {
      if (read(conversation)?.key === key) write(conversation, null);
    },
  };
}

export type ChatDraft = ReturnType<typeof useChatDraft>;

/** Keeps a message written outside the chat (the match moment's) as the draft of that chat. */
export const keepChatDraft = (conversation: string, text: string) => write(conversation, { text });
