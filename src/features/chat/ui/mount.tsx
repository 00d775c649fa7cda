/**
 * The floating chat panel of the desktop 在线客服 button: a non-modal dialog docked at
 * the bottom right, above the page, that leaves the page usable. Esc or 关闭 closes it and gives
 * focus back to the button; the chat keeps running in the background only while it is open.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { MODAL_Z_INDEX } from '~/platform/config/constants';
import { $chatPanelOpen, closeChatPanel } from '~/features/chat/stores/chat-panel';
import { stopChat } from '~/features/chat/stores/chat';
import ChatPanel from '~/features/chat/ui/ChatPanel';

function FloatingChat(): ReactNode {
  const open = useStore($chatPanelOpen);
  const ref = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      requestAnimationFrame(() => ref.current?.querySelector<HTMLElement>('textarea, button')?.focus());
    } else {
      stopChat();
      opener.current?.focus();
    }
  }, [open]);

  if (!open) return null;
  return (
    <div
      ref={ref}
      role="dialog"
      aria-modal="false"
      aria-label="在线客服"
      className="fixed right-24 bottom-6"
      style={{ zIndex: MODAL_Z_INDEX - 1 }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          closeChatPanel();
        }
      }}
    >
      <ChatPanel variant="panel" onClose={closeChatPanel} />
    </div>
  );
}

let mounted = false;

export function mountFloatingChat(): void {
  if (mounted) return;
  mounted = true;
  const container = document.createElement('div');
  container.id = 'chat-root';
  document.body.append(container);
  createRoot(container).render(<FloatingChat />);
}
