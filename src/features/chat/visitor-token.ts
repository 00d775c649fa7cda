/**
 * The visitor token of this browser (issue 26 part 3): what POST chat/visitor answered, kept in
 * localStorage so the conversation survives reloads and new tabs, sent as X-Chat-Visitor (a
 * header, never a cookie: nothing is ambient, so no call can be forged cross-site). Tiny and free of
 * the client so the 在线客服 opener can ask "is there a visitor to join?" on every page.
 */
export const VISITOR_TOKEN_STORAGE_KEY = 'chat_visitor';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function readVisitorToken(): string | null {
  try {
    const saved = typeof localStorage === 'undefined' ? null : localStorage.getItem(VISITOR_TOKEN_STORAGE_KEY);
    return saved !== null && TOKEN_PATTERN.test(saved) ? saved : null;
  } catch {
    return null;
  }
}

export function writeVisitorToken(token: string | null): void {
  try {
    if (token === null) localStorage.removeItem(VISITOR_TOKEN_STORAGE_KEY);
    else localStorage.setItem(VISITOR_TOKEN_STORAGE_KEY, token);
  } catch {
    // storage refused (a private mode): the visitor chats for this page's life only
  }
}
