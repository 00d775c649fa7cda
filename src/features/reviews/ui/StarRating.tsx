import { useId, useState, type ReactNode } from 'react';
import { REVIEW_RATING_LABELS, REVIEW_RATINGS } from '~/features/reviews/rules/review-writing';

const STAR_ON = 'text-amber-500';
const STAR_OFF = 'text-neutral-300';

/** Stars as a picture of a rating; the label names the number for screen readers. */
export function StarsShown({ rating, size = 'text-base' }: { rating: number; size?: string }): ReactNode {
  const full = Math.max(0, Math.min(REVIEW_RATINGS.length, Math.round(rating)));
  return (
    <span role="img" aria-label={`${full}星`} className={`whitespace-nowrap leading-none tracking-tight ${size}`}>
      <span aria-hidden="true" className={STAR_ON}>
        {'★'.repeat(full)}
      </span>
      <span aria-hidden="true" className={STAR_OFF}>
        {'★'.repeat(REVIEW_RATINGS.length - full)}
      </span>
    </span>
  );
}

export interface StarRatingProps {
  /** Whole stars, or null while none is chosen. */
  value: number | null;
  onChange(rating: number): void;
  /** Names the group (评分). */
  legend: string;
  /** An error text under the stars, or null. */
  error?: string | null;
  /** Put the dialog's first focus on the stars. */
  autoFocus?: boolean;
}

/**
 * The star input of the review form: five native radio buttons drawn as stars, so the keyboard
 * works as everywhere (Tab reaches the group, arrow keys move and choose, Space chooses) and a
 * screen reader hears "4星 满意, 5 之 4". Hovering previews a rating before it is clicked.
 */
export function StarRating({ value, onChange, legend, error = null, autoFocus = false }: StarRatingProps): ReactNode {
  const id = useId();
  const [preview, setPreview] = useState<number | null>(null);
  const shown = preview ?? value ?? 0;
  const caption = shown > 0 ? REVIEW_RATING_LABELS[shown] : '请选择';

  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 font-medium text-neutral-900">{legend}</legend>
      <div className="flex items-center gap-3">
        <div className="flex" onPointerLeave={() => setPreview(null)}>
          {REVIEW_RATINGS.map((rating) => (
            <label
              key={rating}
              onPointerEnter={() => setPreview(rating)}
              className="cursor-pointer rounded px-0.5 text-3xl leading-none has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-primary"
            >
              <input
                type="radio"
                name={`${id}-rating`}
                value={rating}
                checked={value === rating}
                onChange={() => onChange(rating)}
                aria-label={`${rating}星 ${REVIEW_RATING_LABELS[rating]}`}
                aria-invalid={error ? true : undefined}
                data-autofocus={autoFocus && rating === REVIEW_RATINGS[0] ? '' : undefined}
                className="sr-only"
              />
              <span aria-hidden="true" className={rating <= shown ? STAR_ON : STAR_OFF}>
                ★
              </span>
            </label>
          ))}
        </div>
        <span aria-hidden="true" className={`text-sm ${shown > 0 ? 'text-amber-700' : 'text-neutral-500'}`} data-rating-caption>
          {caption}
        </span>
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-primary-dark">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
