import { useId, useState, type ReactNode } from 'react';
import {
  answerComplaint,
  answerLoginFailure,
  COMPLAINT_ANSWER_IMAGES_MAX,
  COMPLAINT_ANSWER_MAX_CHARS,
  COMPLAINT_ANSWER_MIN_CHARS,
  type SellerComplaint,
  type UploadedImageAnswer,
} from '~/features/sellers/client/seller-earnings';
import { EvidenceImages } from '~/features/complaints/ui/EvidenceImages';
import { errorText, focusRing } from '~/features/orders/ui/order-helpers';
import { DebounceButton } from '~/platform/ui/DebounceButton';
import { Modal } from '~/platform/ui/Modal';
import { CountedTextarea } from '~/platform/ui/CountedTextarea';
import { answerContentError } from '~/features/sellers/ui/orders/seller-order-helpers';

export interface AnswerDialogProps {
  orderNo: string;
  complaint: SellerComplaint;
  open: boolean;
  onClose(): void;
  onDone(complaint: SellerComplaint): void;
}

/**
 * 回复投诉: the listing owner's answer to a complaint, with up to 6 images as evidence. For a
 * one-click "cannot log in" report the owner picks 已修改密码 (nothing to write) or 申诉 (a
 * statement and evidence, which an operator then reads).
 */
export function AnswerDialog({ orderNo, complaint, open, onClose, onDone }: AnswerDialogProps): ReactNode {
  return (
    <Modal open={open} title={complaint.login_failure ? '答复无法登录上报' : '回复投诉'} onClose={onClose}>
      <AnswerBody orderNo={orderNo} complaint={complaint} onClose={onClose} onDone={onDone} />
    </Modal>
  );
}

function AnswerBody({ orderNo, complaint, onClose, onDone }: Omit<AnswerDialogProps, 'open'>): ReactNode {
  const id = useId();
  const [content, setContent] = useState('');
  const [touched, setTouched] = useState(false);
  const [images, setImages] = useState<UploadedImageAnswer[]>([]);
  const [uploading, setUploading] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const lfCase = complaint.login_failure ?? null;
  const [choice, setChoice] = useState<'fixed' | 'dispute'>('fixed');
  // 已修改密码 needs no words; a complaint answer and an appeal do.
  const writing = lfCase === null || choice === 'dispute';
  const contentError = writing ? answerContentError(content) : null;

  async function submit(): Promise<void> {
    setTouched(true);
    if (contentError || uploading > 0) return;
    setFailure(null);
    try {
      const imageIds = images.map((image) => image.id);
      if (lfCase) {
        onDone(await answerLoginFailure(choice === 'fixed' ? { case_id: lfCase.case_id, answer: 'fixed' } : { case_id: lfCase.case_id, answer: 'dispute', content: content.trim(), images: imageIds }));
      } else {
        onDone(await answerComplaint({ complaint_id: complaint.id, content: content.trim(), images: imageIds }));
      }
    } catch (error) {
      setFailure(errorText(error, '提交失败，请重试'));
    }
  }

  return (
    <div className="space-y-4 text-sm">
      <div className="rounded-md bg-neutral-50 px-3 py-2 text-neutral-700">
        <p className="text-xs text-neutral-500">
          订单号 {orderNo} · {complaint.type_name}
        </p>
        <p className="mt-1 break-words whitespace-pre-line">{complaint.content}</p>
      </div>

      {lfCase ? (
        <fieldset className="space-y-2">
          <legend className="text-neutral-700">答复方式</legend>
          <label className="flex items-start gap-2">
            <input type="radio" name={`${id}-choice`} checked={choice === 'fixed'} onChange={() => setChoice('fixed')} className="mt-1 accent-primary" />
            <span>
              已修改密码
              <span className="block text-xs text-neutral-500">{lfCase.took_down ? '账号已被自动下架，需联系客服恢复。' : '账号将恢复上架。'}</span>
            </span>
          </label>
          <label className="flex items-start gap-2">
            <input type="radio" name={`${id}-choice`} checked={choice === 'dispute'} onChange={() => setChoice('dispute')} className="mt-1 accent-primary" />
            <span>
              申诉
              <span className="block text-xs text-neutral-500">账号可正常登录？请说明并上传证据，平台核实后撤销判定并退回赔付。</span>
            </span>
          </label>
        </fieldset>
      ) : null}

      {writing ? (
        <CountedTextarea
          id={id}
          label={lfCase ? '申诉说明' : '回复内容'}
          value={content}
          max={COMPLAINT_ANSWER_MAX_CHARS}
          placeholder={`请说明情况（${COMPLAINT_ANSWER_MIN_CHARS}-${COMPLAINT_ANSWER_MAX_CHARS}字），平台会结合双方说明处理`}
          error={touched ? contentError : null}
          onChange={setContent}
          // Leaving the field empty says nothing yet: the dialog opens with the text focused, and a
          // message appearing on that blur moved the dialog under the pointer mid-click.
          onBlur={() => {
            if (content.trim() !== '') setTouched(true);
          }}
        />
      ) : null}

      {writing ? <EvidenceImages images={images} onChange={setImages} uploading={uploading} onUploading={setUploading} max={COMPLAINT_ANSWER_IMAGES_MAX} legend="图片凭证" /> : null}

      {failure ? (
        <p role="alert" className="text-primary-dark">
          {failure}
        </p>
      ) : null}
      <div className="flex justify-end gap-3 pt-1">
        <button type="button" onClick={onClose} className={`rounded border border-neutral-300 px-4 py-2 text-neutral-700 hover:text-primary ${focusRing}`}>
          取消
        </button>
        <DebounceButton onAction={submit} disabled={uploading > 0}>
          {lfCase ? (choice === 'fixed' ? '确认已修改密码' : '提交申诉') : '提交回复'}
        </DebounceButton>
      </div>
    </div>
  );
}
