import type { ReactNode } from 'react';
import type { EmergencyNotice } from '~/features/campaigns/contract/popups';
import { neverShowNoticeAgain } from '~/features/campaigns/store';
import { Modal } from '~/platform/ui/Modal';
import type { ModalContentProps } from '~/platform/ui/modal-types';

/**
 * The spec §2 emergency notice: its title and content, 知道了 (close; it may show again, at most
 * 3 times in all) and 不再提示 (spec §4: its count becomes 3, so it never shows again).
 */
export default function EmergencyNoticeModal({ props, onClose }: ModalContentProps): ReactNode {
  const notice = props.notice as EmergencyNotice | undefined;
  if (!notice) return null;
  return (
    <Modal
      open
      title={notice.title}
      onClose={onClose}
      footer={
        <>
          <button
            type="button"
            onClick={() => {
              neverShowNoticeAgain(notice.id);
              onClose();
            }}
            className="rounded border border-gray-300 px-4 py-2 text-sm text-gray-700 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
          >
            不再提示
          </button>
          <button
            type="button"
            data-autofocus=""
            onClick={onClose}
            className="rounded bg-primary px-5 py-2 text-sm font-medium text-white hover:bg-primary-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
          >
            知道了
          </button>
        </>
      }
    >
      <p className="text-sm leading-7 whitespace-pre-line text-gray-700 break-words">{notice.content}</p>
    </Modal>
  );
}
