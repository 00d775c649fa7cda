/**
 * The collector's routes (spec §7 "POST analytics collector (activity)", "POST collector
 * (user-activity)", "POST collector (upload-convert-data)"), declared once with wire.ts's schemas.
 *
 * The browser does not send them with `call`: a page view leaves by navigator.sendBeacon or a
 * keepalive fetch as the page goes away (analytics/ui/tracking.ts, click-tracker.ts,
 * tracking/conversion.ts, to the paths of platform/config/constants.ts), and a beacon can only
 * send text/plain, which the endpoints accept beside JSON. So the endpoints keep `handle()`.
 */
import { route } from '~/platform/wire/route';
import type { ConversionBody } from '~/features/analytics/tracking/conversion';

/** spec §3 Report record / click record as the browser sends it (unknown keys are dropped). */
export interface ActivityRecordInput {
  kind: 'pageview' | 'click' | 'activity';
  name?: string;
  title?: string;
  path: string;
  sessionId?: string;
  prevPage?: string | null;
  sem?: string | null;
  action?: string;
  value?: Record<string, unknown>;
  isJump?: boolean;
  now?: number;
  time?: number;
  pageTools?: { action?: string; value?: Record<string, unknown> };
}

export const ANALYTICS_ROUTES = {
  /** One record, or a batch of 1-20 (the click queue): `{ id }` or `{ ids }`. */
  activity: route.post<ActivityRecordInput | ActivityRecordInput[], { id: number } | { ids: number[] }>('/collector/activity'),
  /** The pending report records of a page, one batch of 1-20; a record without a kind is an activity report. */
  userActivity: route.post<Array<Omit<ActivityRecordInput, 'kind'> & { kind?: ActivityRecordInput['kind'] }>, { ids: number[] }>('/collector/userActivity'),
  /** A channel conversion after a sign-up; the token in the body, else the Bearer. */
  convert: route.post<ConversionBody, { counted: boolean }>('/collector/uploadConvertData'),
};
