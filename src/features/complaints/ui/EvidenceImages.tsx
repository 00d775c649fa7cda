import { useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { uploadComplaintImage, type UploadedImageAnswer } from '~/features/sellers/client/seller-earnings';
import { errorText, focusRing } from '~/features/orders/ui/order-helpers';

export type EvidenceImage = UploadedImageAnswer;

export interface EvidenceImagesProps {
  images: EvidenceImage[];
  onChange(update: (current: EvidenceImage[]) => EvidenceImage[]): void;
  /** How many uploads are running; the form waits for them before sending. */
  onUploading(update: (count: number) => number): void;
  uploading: number;
  max: number;
  /** 图片凭证 */
  legend: string;
  /** Each picture's name: 凭证图片1, 凭证图片2 ... */
  itemLabel?: string;
}

/**
 * Evidence pictures of a complaint or of its answer: up to `max` uploads with
 * purpose `complaint` (JPEG, PNG, WebP, 5 MB each), shown as thumbnails with a remove button. The
 * upload's progress and failures are announced in a live line.
 */
export function EvidenceImages({ images, onChange, onUploading, uploading, max, legend, itemLabel = '凭证图片' }: EvidenceImagesProps): ReactNode {
  const fileRef = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const left = Math.max(0, max - images.length - uploading);

  async function onFiles(event: ChangeEvent<HTMLInputElement>): Promise<void> {
    const files = Array.from(event.target.files ?? []).slice(0, left);
    event.target.value = '';
    if (files.length === 0) return;
    setFailure(null);
    onUploading((count) => count + files.length);
    setStatus(`正在上传${files.length}张图片`);
    for (const file of files) {
      try {
        const uploaded = await uploadComplaintImage(file);
        onChange((current) => (current.some((image) => image.id === uploaded.id) ? current : [...current, uploaded]));
      } catch (error) {
        setFailure(errorText(error, '图片上传失败，请重试'));
      } finally {
        onUploading((count) => count - 1);
      }
    }
    setStatus('图片上传完成');
  }

  return (
    <fieldset>
      <legend className="mb-2 font-medium text-neutral-900">
        {legend}{' '}
        <span className="text-xs font-normal text-neutral-500">
          （选填，最多{max}
          张，JPEG/PNG/WebP，单张不超过5MB）
        </span>
      </legend>
      <ul className="flex flex-wrap gap-2" aria-label="已上传的图片">
        {images.map((image, index) => (
          <li key={image.id} className="relative">
            <img src={image.card_url} alt={`${itemLabel}${index + 1}`} width={64} height={64} className="h-16 w-16 rounded object-cover ring-1 ring-neutral-200" />
            <button
              type="button"
              aria-label={`删除${itemLabel}${index + 1}`}
              onClick={() => onChange((current) => current.filter((item) => item.id !== image.id))}
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
      <input ref={fileRef} type="file" accept="image/jpeg,image/png,image/webp" multiple hidden onChange={(event) => void onFiles(event)} aria-label={`选择${itemLabel}`} />
      <p role="status" aria-live="polite" className="mt-1 text-xs text-neutral-500">
        {uploading > 0 ? `正在上传…（${uploading}）` : status}
      </p>
      {failure ? (
        <p role="alert" className="mt-1 text-xs text-primary-dark">
          {failure}
        </p>
      ) : null}
    </fieldset>
  );
}
