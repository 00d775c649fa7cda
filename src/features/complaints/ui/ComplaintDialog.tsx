import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { isApiError } from '~/platform/client/errors';
import { MONEY_CODES, type Complaint, type ComplaintType, type OrderView } from '~/features/wallet/client/money';
import { createComplaint, listComplaintTypes } from '~/features/complaints/client/complaints';
import { $auth } from '~/platform/stores/auth';
import { openModal, type ModalName } from '~/platform/stores/ui';
import { CountedTextarea, countedLength, countedLengthError } from '~/platform/ui/CountedTextarea';
import { DebounceButton } from '~/platform/ui/DebounceButton';
import { Modal } from '~/platform/ui/Modal';
import { Skeleton } from '~/platform/ui/Skeleton';
import { COMPLAINT_EVIDENCE_IMAGES_MAX } from '~/features/complaints/constants';
import { EvidenceImages, type EvidenceImage } from '~/features/complaints/ui/EvidenceImages';
import { errorText, focusRing } from '~/features/orders/ui/order-helpers';
import { InlineLoadFailed } from '~/platform/ui/LoadFailed';

export interface ComplaintDialogProps {
  order: OrderView;
  open: boolean;
  onClose(): void;
  onDone(complaint: Complaint): void;
}

/** The contract's bounds of a complaint's text. */
export const COMPLAINT_CONTENT_MIN = 5;
export const COMPLAINT_CONTENT_MAX = 500;
/** spec §8 (and the server's msg for code 1004). */
export const PHONE_REQUIRED_TEXT = '当前账号未绑定手机号';

export { countedLength as complaintLength };

/** Why the text cannot be sent yet, or null. */
export function complaintContentError(text: string): string | null {
  return countedLengthError('问题描述', text, COMPLAINT_CONTENT_MIN, COMPLAINT_CONTENT_MAX);
}

/** How a failed 提交投诉 reads: a missing phone gets the bind button. */
export function complaintFailure(error: unknown): { msg: string; needsPhone: boolean } {
  const needsPhone = isApiError(error) && error.code === MONEY_CODES.phoneRequired;
  return { msg: errorText(error, needsPhone ? PHONE_REQUIRED_TEXT : '提交失败，请重试'), needsPhone };
}

export function ComplaintDialog({ order, open, onClose, onDone }: ComplaintDialogProps): ReactNode {
  return (
    <Modal open={open} title="投诉" onClose={onClose}>
      <ComplaintBody order={order} onClose={onClose} onDone={onDone} />
    </Modal>
  );
}

type TypesLoad = { kind: 'loading' } | { kind: 'failed'; msg: string } | { kind: 'ready'; types: ComplaintType[] };

export interface ComplaintBodyProps extends Omit<ComplaintDialogProps, 'open'> {
  /**
   * What 去绑定手机 asks the bind-phone modal to reopen after the bind. The modal store holds one
   * modal: the store's 投诉 modal (ComplaintModal) passes itself; this page dialog stays open under
   * the bind-phone modal and needs nothing.
   */
  bindPhoneThen?: { name: ModalName; props: Record<string, unknown> };
}

/** The complaint form of one order: the order list's 投诉 dialog and the 投诉建议 modal share it. */
export function ComplaintBody({ order, onClose, onDone, bindPhoneThen }: ComplaintBodyProps): ReactNode {
  const id = useId();
  const $user = useStore($auth).user;
  const [types, setTypes] = useState<TypesLoad>({ kind: 'loading' });
  const [reload, setReload] = useState(0);
  const [type, setType] = useState<number | null>(null);
  const [content, setContent] = useState('');
  const [touched, setTouched] = useState(false);
  // The type's reminder waits for 提交投诉, not for the text's blur.
  const [submitted, setSubmitted] = useState(false);
  const [images, setImages] = useState<EvidenceImage[]>([]);
  const [uploading, setUploading] = useState(0);
  const [failure, setFailure] = useState<{ msg: string; needsPhone: boolean } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setTypes({ kind: 'loading' });
    listComplaintTypes({ signal: controller.signal })
      .then((list) => setTypes({ kind: 'ready', types: list }))
      .catch((error: unknown) => {
        if (isApiError(error) && error.cancelled) return;
        setTypes({ kind: 'failed', msg: errorText(error, '获取投诉类型失败') });
      });
    return () => controller.abort();
  }, [reload]);

  const contentError = complaintContentError(content);
  // The server checks too (code 1004); this only warns before the renter writes a whole text.
  const phoneMissing = !$user?.mobile;
  const showPhoneNotice = phoneMissing || failure?.needsPhone === true;

  async function submit(): Promise<void> {
    setTouched(true);
    setSubmitted(true);
    if (type === null || contentError || uploading > 0) return;
    setFailure(null);
    try {
      onDone(
        await createComplaint(
          order.order_no,
          type,
          content.trim(),
          images.map((image) => image.id),
        ),
      );
    } catch (error) {
      setFailure(complaintFailure(error));
    }
  }

  return (
    <div className="space-y-4 text-sm">
      <p className="text-neutral-600">
        订单号 {order.order_no}
        {order.productInfo ? ` · ${order.productInfo.title}` : ''}
      </p>

      {showPhoneNotice ? (
        <div role={failure?.needsPhone ? 'alert' : undefined} className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-amber-50 px-3 py-2 text-amber-900 ring-1 ring-amber-200">
          <span>{failure?.needsPhone ? failure.msg : PHONE_REQUIRED_TEXT}</span>
          <button type="button" onClick={() => openModal('bindPhone', bindPhoneThen ? { then: bindPhoneThen } : {})} className={`rounded-full border border-primary bg-white px-3 py-0.5 text-xs text-primary hover:bg-primary-light ${focusRing}`}>
            去绑定手机
          </button>
        </div>
      ) : null}

      <fieldset>
        <legend className="mb-2 font-medium text-neutral-900">投诉类型</legend>
        {types.kind === 'loading' ? <Skeleton lines={2} /> : null}
        {types.kind === 'failed' ? (
          <InlineLoadFailed text={types.msg} onRetry={() => setReload((count) => count + 1)} />
        ) : null}
        {types.kind === 'ready' ? (
          <div className="grid grid-cols-2 gap-2">
            {types.types.map((candidate) => (
              <label key={candidate.type} className="inline-flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 ring-1 ring-neutral-300 has-[:checked]:bg-primary-light has-[:checked]:ring-primary">
                <input type="radio" name={`${id}-type`} value={candidate.type} checked={type === candidate.type} onChange={() => setType(candidate.type)} className="accent-primary" />
                {candidate.name}
              </label>
            ))}
          </div>
        ) : null}
        {submitted && type === null && types.kind === 'ready' ? <p className="mt-1 text-xs text-primary-dark">请选择投诉类型</p> : null}
      </fieldset>

      <CountedTextarea
        id={id}
        label="问题描述"
        value={content}
        max={COMPLAINT_CONTENT_MAX}
        placeholder={`请描述遇到的问题（${COMPLAINT_CONTENT_MIN}-${COMPLAINT_CONTENT_MAX}字）`}
        error={touched ? contentError : null}
        onChange={setContent}
        // Leaving the field empty says nothing yet: the dialog opens with the text focused, and a
        // message appearing on that blur moved the dialog under the pointer mid-click.
        onBlur={() => {
          if (content.trim() !== '') setTouched(true);
        }}
      />

      <EvidenceImages images={images} onChange={setImages} uploading={uploading} onUploading={setUploading} max={COMPLAINT_EVIDENCE_IMAGES_MAX} legend="图片凭证" />

      {failure && !failure.needsPhone ? (
        <p role="alert" className="text-primary-dark">
          {failure.msg}
        </p>
      ) : null}
      <div className="flex justify-end gap-3 pt-1">
        <button type="button" onClick={onClose} className={`rounded border border-neutral-300 px-4 py-2 text-neutral-700 hover:text-primary ${focusRing}`}>
          取消
        </button>
        <DebounceButton onAction={submit} disabled={types.kind !== 'ready' || uploading > 0}>
          提交投诉
        </DebounceButton>
      </div>
    </div>
  );
}
