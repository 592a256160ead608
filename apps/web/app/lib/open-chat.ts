const OPEN_CHAT = 'geekly:open-chat';

/** Opens the chat from anywhere (the payment error popup's 'Contact us', the #livechat link). */
export const openChat = () => window.dispatchEvent(new Event(OPEN_CHAT));

export function onOpenChat(handler: () => void) {
  window.addEventListener(OPEN_CHAT, handler);
  return () => window.removeEventListener(OPEN_CHAT, handler);
}
