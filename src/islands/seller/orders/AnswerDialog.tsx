import { useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import {
  answerComplaint,
  COMPLAINT_ANSWER_IMAGES_MAX,
  COMPLAINT_ANSWER_MAX_CHARS,
  COMPLAINT_ANSWER_MIN_CHARS,
  uploadComplaintImage,
  type SellerComplaint,
  type UploadedImageAnswer,
} from '../../../lib/api/seller-earnings';
import { errorText, focusRing } from '../../orders/order-helpers';
import { DebounceButton } from '../../ui/DebounceButton';
import { Modal } from '../../ui/Modal';
import { CountedTextarea } from '../../ui/CountedTextarea';
import { answerContentError, imagesLeft } from './seller-order-helpers';

export interface AnswerDialogProps {
  orderNo: string;
  complaint: SellerComplaint;
  open: boolean;
  onClose(): void;
  onDone(complaint: SellerComplaint): void;
}

/** 回复投诉: the listing owner's answer to a complaint, with up to 6 images as evidence. */
export function AnswerDialog({ orderNo, complaint, open, onClose, onDone }: AnswerDialogProps): ReactNode {
  return (
    <Modal open={open} title="回复投诉" onClose={onClose}>
      <AnswerBody orderNo={orderNo} complaint={complaint} onClose={onClose} onDone={onDone} />
    </Modal>
  );
}

function AnswerBody({ orderNo, complaint, onClose, onDone }: Omit<AnswerDialogProps, 'open'>): ReactNode {
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [content, setContent] = useState('');
  const [touched, setTouched] = useState(false);
  const [images, setImages] = useState<UploadedImageAnswer[]>([]);
  const [uploading, setUploading] = useState(0);
  const [status, setStatus] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const contentError = answerContentError(content);
  const left = imagesLeft(images.length + uploading);

  async function onFiles(event: ChangeEvent<HTMLInputElement>): Promise<void> {
    const files = Array.from(event.target.files ?? []).slice(0, left);
    event.target.value = '';
    if (files.length === 0) return;
    setFailure(null);
    setUploading((count) => count + files.length);
    setStatus(`正在上传${files.length}张图片`);
    for (const file of files) {
      try {
        const uploaded = await uploadComplaintImage(file);
        setImages((current) => (current.some((image) => image.id === uploaded.id) ? current : [...current, uploaded]));
      } catch (error) {
        setFailure(errorText(error, '图片上传失败，请重试'));
      } finally {
        setUploading((count) => count - 1);
      }
    }
    setStatus('图片上传完成');
  }

  async function submit(): Promise<void> {
    setTouched(true);
    if (contentError || uploading > 0) return;
    setFailure(null);
    try {
      onDone(
        await answerComplaint({
          complaint_id: complaint.id,
          content: content.trim(),
          images: images.map((image) => image.id),
        }),
      );
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

      <CountedTextarea
        id={id}
        label="回复内容"
        value={content}
        max={COMPLAINT_ANSWER_MAX_CHARS}
        placeholder={`请说明情况（${COMPLAINT_ANSWER_MIN_CHARS}-${COMPLAINT_ANSWER_MAX_CHARS}字），平台会结合双方说明处理`}
        error={touched ? contentError : null}
        onChange={setContent}
        onBlur={() => setTouched(true)}
      />

      <fieldset>
        <legend className="mb-2 font-medium text-neutral-900">
          图片凭证{' '}
          <span className="text-xs font-normal text-neutral-500">
            （选填，最多{COMPLAINT_ANSWER_IMAGES_MAX}
            张，JPEG/PNG/WebP，单张不超过5MB）
          </span>
        </legend>
        <ul className="flex flex-wrap gap-2" aria-label="已上传的图片">
          {images.map((image, index) => (
            <li key={image.id} className="relative">
              <img src={image.card_url} alt={`凭证图片${index + 1}`} width={64} height={64} className="h-16 w-16 rounded object-cover ring-1 ring-neutral-200" />
              <button
                type="button"
                aria-label={`删除凭证图片${index + 1}`}
                onClick={() => setImages((current) => current.filter((item) => item.id !== image.id))}
                className={`absolute -top-2 -right-2 flex h-6 w-6 items-center justify-center rounded-full bg-neutral-800 text-xs text-white ${focusRing}`}
              >
                ×
              </button>
            </li>
          ))}
          {left > 0 ? (
            <li>
              <button
                type="button"
                onClick={() => fileRef.current?.click()}
                className={`flex h-16 w-16 flex-col items-center justify-center rounded border border-dashed border-neutral-400 text-xs text-neutral-600 hover:border-primary hover:text-primary ${focusRing}`}
              >
                <span aria-hidden="true" className="text-lg leading-none">
                  +
                </span>
                上传图片
              </button>
            </li>
          ) : null}
        </ul>
        <input ref={fileRef} type="file" accept="image/jpeg,image/png,image/webp" multiple hidden onChange={(event) => void onFiles(event)} aria-label="选择凭证图片" />
        <p role="status" aria-live="polite" className="mt-1 text-xs text-neutral-500">
          {uploading > 0 ? `正在上传…（${uploading}）` : status}
        </p>
      </fieldset>

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
          提交回复
        </DebounceButton>
      </div>
    </div>
  );
}
