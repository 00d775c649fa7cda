import type { ReactNode } from 'react';
import { openModal } from '~/platform/stores/ui';
import { focusRing } from '~/platform/ui/focus-ring';

/** The line a renting dialog shows before real-name verification (spec §6), with 去认证 opening the dialog. */
export function RealNameNotice(): ReactNode {
  return (
    <p className="rounded bg-amber-50 px-3 py-2 text-amber-900">
      根据规定，租号前需完成实名认证。
      <button type="button" className={`ml-1 text-primary underline-offset-2 hover:underline ${focusRing}`} onClick={() => openModal('realName')}>
        去认证
      </button>
    </p>
  );
}
