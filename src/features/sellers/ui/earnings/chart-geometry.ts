/**
 * Geometry of the earnings chart (pure): bar heights on a "nice" scale, so the chart component
 * only draws. Amounts are fen; the scale's top is a round yuan figure.
 */

export interface ChartScale {
  /** The top of the axis in fen (at least 100, i.e. ¥1). */
  maxFen: number;
  /** Axis ticks in fen, 0 first. */
  ticksFen: number[];
}

const NICE_STEPS = [1, 2, 2.5, 5, 10];

/** A round top above `peakFen` with 4 equal steps (¥0, ¥25, ¥50, ¥75, ¥100 ...). */
export function chartScale(peakFen: number): ChartScale {
  const peakYuan = Math.max(1, Math.ceil(Math.max(0, peakFen) / 100));
  const rawStep = peakYuan / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rawStep));
  const step = (NICE_STEPS.find((candidate) => candidate * magnitude >= rawStep) ?? 10) * magnitude;
  const stepFen = Math.round(step * 100);
  return {
    maxFen: stepFen * 4,
    ticksFen: [0, stepFen, stepFen * 2, stepFen * 3, stepFen * 4],
  };
}

/** Height in px of a bar of `fen` on a plot `plotHeight` px tall (a non-zero amount stays visible). */
export function barHeight(fen: number, scale: ChartScale, plotHeight: number): number {
  if (fen <= 0) return 0;
  return Math.max(1, (fen / scale.maxFen) * plotHeight);
}

/** ¥1,234 / ¥12.5 for an axis label (no trailing zeros). */
export function axisYuan(fen: number): string {
  const yuan = fen / 100;
  return `¥${Number.isInteger(yuan) ? yuan.toLocaleString('en-US') : yuan.toFixed(2).replace(/0$/, '')}`;
}
