import { SESSION_ID_LENGTH, SESSION_ID_STORAGE_KEY } from '~/platform/config/constants';

export { SESSION_ID_STORAGE_KEY };

const SESSION_ID_PATTERN = new RegExp(`^[0-9A-Za-z]{${SESSION_ID_LENGTH}}$`);

/** 32 lowercase hex characters from crypto.getRandomValues (16 random bytes). */
export function createSessionId(): string {
  const bytes = new Uint8Array(SESSION_ID_LENGTH / 2);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The tab's session id, created on first use and kept in sessionStorage.
 * Null on the server or where storage is missing or refused (private modes, sandboxed frames):
 * the client then omits the header rather than sending an id that changes on every call.
 */
export function getSessionId(): string | null {
  try {
    if (typeof sessionStorage === 'undefined') return null;
    const saved = sessionStorage.getItem(SESSION_ID_STORAGE_KEY);
    // Only a well-formed id goes into a header; anything else is replaced.
    if (saved !== null && SESSION_ID_PATTERN.test(saved)) return saved;
    const id = createSessionId();
    sessionStorage.setItem(SESSION_ID_STORAGE_KEY, id);
    return id;
  } catch {
    return null;
  }
}
