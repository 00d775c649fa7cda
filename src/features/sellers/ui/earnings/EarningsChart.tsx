import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { EarningsDay } from '~/features/sellers/client/seller-earnings';
import { axisYuan, barHeight, chartScale } from '~/features/sellers/ui/earnings/chart-geometry';

/** Width before the box is measured (and on the server): the desktop content width. */
const DEFAULT_WIDTH = 640;
const MIN_WIDTH = 280;
const HEIGHT = 220;
const PAD = { top: 12, right: 8, bottom: 24, left: 52 };
const PLOT_H = HEIGHT - PAD.top - PAD.bottom;

/**
 * The box's width in px, followed as it changes, so one SVG unit is one pixel: labels keep their
 * size on a phone instead of shrinking with a scaled drawing.
 */
function useBoxWidth(): [RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement | null>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(MIN_WIDTH, Math.floor(entry.contentRect.width)));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

/** MM-DD of a YYYY-MM-DD date. */
const monthDay = (date: string): string => date.slice(5);

/**
 * The last 30 days as paired bars, drawn as inline SVG (no chart library): 入账 (the seller's share
 * of rentals paid that day) and 结算 (what was released to the wallet that day). The picture is
 * named by its <title>/<desc>; the same numbers are in a visually hidden table for screen readers.
 */
export function EarningsChart({ series }: { series: readonly EarningsDay[] }): ReactNode {
  const id = useId();
  const [boxRef, width] = useBoxWidth();
  const plotWidth = width - PAD.left - PAD.right;
  const peak = Math.max(0, ...series.map((day) => Math.max(day.earned_fen, day.released_fen)));
  const scale = chartScale(peak);
  const slot = plotWidth / Math.max(1, series.length);
  const bar = Math.max(1, slot * 0.36);
  // About one date label per 90 px, so they never collide.
  const labelEvery = Math.ceil(series.length / Math.max(2, Math.floor(plotWidth / 90)));
  const first = series[0]?.date ?? '';
  const last = series.at(-1)?.date ?? '';
  const earnedTotal = series.reduce((sum, day) => sum + day.earned_fen, 0);
  const releasedTotal = series.reduce((sum, day) => sum + day.released_fen, 0);

  return (
    <figure className="m-0">
      <div className="mb-2 flex flex-wrap items-center gap-4 text-xs text-neutral-600" aria-hidden="true">
        <span className="inline-flex items-center gap-1.5">
          <span className="inline-block h-2.5 w-2.5 rounded-sm bg-primary" />
          入账
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="inline-block h-2.5 w-2.5 rounded-sm bg-emerald-600" />
          结算到余额
        </span>
      </div>
      <div ref={boxRef}>
        <svg viewBox={`0 0 ${width} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title ${id}-desc`} className="block w-full" height={HEIGHT} preserveAspectRatio="xMidYMid meet">
          <title id={`${id}-title`}>近30天收益</title>
          <desc id={`${id}-desc`}>{`${first} 至 ${last}：入账合计 ${axisYuan(earnedTotal)}，结算合计 ${axisYuan(releasedTotal)}。逐日数字见下方表格。`}</desc>
          {scale.ticksFen.map((tick) => {
            const y = PAD.top + PLOT_H - (tick / scale.maxFen) * PLOT_H;
            return (
              <g key={tick}>
                <line x1={PAD.left} x2={width - PAD.right} y1={y} y2={y} stroke={tick === 0 ? '#a3a3a3' : '#e5e5e5'} strokeWidth={1} />
                <text x={PAD.left - 6} y={y + 4} textAnchor="end" fontSize={11} fill="#737373">
                  {axisYuan(tick)}
                </text>
              </g>
            );
          })}
          {series.map((day, index) => {
            const x = PAD.left + index * slot + (slot - bar * 2) / 2;
            const earnedH = barHeight(day.earned_fen, scale, PLOT_H);
            const releasedH = barHeight(day.released_fen, scale, PLOT_H);
            const base = PAD.top + PLOT_H;
            return (
              <g key={day.date}>
                {earnedH > 0 ? <rect x={x} y={base - earnedH} width={bar} height={earnedH} rx={1} className="fill-primary" /> : null}
                {releasedH > 0 ? <rect x={x + bar} y={base - releasedH} width={bar} height={releasedH} rx={1} className="fill-emerald-600" /> : null}
                {(index % labelEvery === 0 && series.length - 1 - index >= labelEvery / 2) || index === series.length - 1 ? (
                  <text
                    x={index === series.length - 1 ? width - PAD.right : PAD.left + index * slot + slot / 2}
                    y={HEIGHT - 6}
                    textAnchor={index === series.length - 1 ? 'end' : 'middle'}
                    fontSize={11}
                    fill="#737373"
                  >
                    {monthDay(day.date)}
                  </text>
                ) : null}
              </g>
            );
          })}
        </svg>
      </div>
      <table className="sr-only">
        <caption>近30天逐日收益（元）</caption>
        <thead>
          <tr>
            <th scope="col">日期</th>
            <th scope="col">入账</th>
            <th scope="col">结算到余额</th>
          </tr>
        </thead>
        <tbody>
          {series.map((day) => (
            <tr key={day.date}>
              <th scope="row">{day.date}</th>
              <td>{day.earned}</td>
              <td>{day.released}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
