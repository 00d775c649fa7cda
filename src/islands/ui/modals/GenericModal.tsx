import type { ReactNode } from 'react';
import type { ModalName } from '../../../lib/stores/ui';
import { EmptyState } from '../EmptyState';
import { Modal } from '../Modal';
import type { ModalContentProps } from './types';

/** Titles for the spec §2 modals whose content later issues deliver. */
export const MODAL_TITLES: Readonly<Record<ModalName, string>> = {
  login: '登录',
  realName: '实名认证',
  bindPhone: '绑定手机号',
  hafuCoin: '哈夫币说明',
  emergencyNotice: '紧急公告',
  complaint: '投诉建议',
  officialAccountQr: '关注公众号',
  redPacket: '红包',
  adPopup: '活动',
  contactUs: '联系我们',
};

/** Any modal without its own content yet: a titled frame with an honest empty state. */
export default function GenericModal({ name, onClose }: ModalContentProps): ReactNode {
  return (
    <Modal open title={MODAL_TITLES[name] ?? '提示'} onClose={onClose}>
      <EmptyState type={1} text="该功能即将开放，敬请期待" />
    </Modal>
  );
}
