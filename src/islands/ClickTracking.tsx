import { useEffect } from 'react';
import { installClickTracking } from '../lib/click-tracker';

/**
 * Spec §2 click tracker, mounted once per page with client:idle so that no page runs a module
 * before the browser is idle. Renders nothing.
 */
export default function ClickTracking(): null {
  useEffect(() => installClickTracking(document), []);
  return null;
}
