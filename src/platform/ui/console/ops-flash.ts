/**
 * A console action reloads the server-rendered page it changed; its result line must survive the
 * reload, so it is parked in sessionStorage and the layout's status line shows it once
 * (src/features/console/ui/ops-flash.inline.js reads the same key).
 */
export const OPS_FLASH_KEY = 'ops-flash';

/** Park `text` and reload (or go to `href`). */
export function reloadWithFlash(text: string, href?: string): void {
  try {
    sessionStorage.setItem(OPS_FLASH_KEY, text);
  } catch {
    // Storage refused (private mode quota): the page still reloads, just without the line.
  }
  if (href) window.location.assign(href);
  else window.location.reload();
}

/**
 * The line after a console call: `pendingText` when the answer says the action went to a second
 * operator's approval (it carries an `approval_id`) instead of running, else `successText`.
 */
export function flashFor(answer: unknown, successText: string, pendingText: string | undefined): string {
  const approvalId = (answer as { approval_id?: unknown } | null)?.approval_id;
  return pendingText && typeof approvalId === 'number' ? pendingText : successText;
}
