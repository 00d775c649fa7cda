import type { ReactNode } from 'react';

export interface SkeletonProps {
  lines?: number;
  className?: string;
}

/** Grey placeholder lines while content loads; screen readers hear 加载中 once. */
export function Skeleton({ lines = 3, className = '' }: SkeletonProps): ReactNode {
  const count = Math.max(1, Math.floor(lines));
  return (
    <div className={className}>
      <span className="sr-only">加载中</span>
      <div aria-hidden="true" className="animate-pulse space-y-2">
        {Array.from({ length: count }, (_, index) => (
          <div
            key={index}
            className={`h-4 rounded bg-gray-200 ${index === count - 1 && count > 1 ? 'w-2/3' : 'w-full'}`}
          />
        ))}
      </div>
    </div>
  );
}

export interface CardSkeletonProps {
  className?: string;
}

/** The shape of a listing card: an image box and three lines. */
export function CardSkeleton({ className = '' }: CardSkeletonProps): ReactNode {
  return (
    <div className={`overflow-hidden rounded-lg border border-gray-100 bg-white ${className}`}>
      <span className="sr-only">加载中</span>
      <div aria-hidden="true" className="animate-pulse">
        <div className="aspect-[4/3] w-full bg-gray-200" />
        <div className="space-y-2 p-3">
          <div className="h-4 w-full rounded bg-gray-200" />
          <div className="h-4 w-5/6 rounded bg-gray-200" />
          <div className="h-4 w-1/2 rounded bg-gray-200" />
        </div>
      </div>
    </div>
  );
}
