import type { ModalName } from '~/platform/stores/ui';

/** What ModalHost hands every lazily loaded modal: its name, the props given to openModal, a closer. */
export interface ModalContentProps {
  name: ModalName;
  props: Record<string, unknown>;
  onClose(): void;
}
