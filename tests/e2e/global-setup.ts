/**
 * Before any spec: a storage state in which this browser has already seen the demo popups, so
 * the specs that open home, the rental hall or tejia are not covered by an emergency notice or an
 * ad popup (spec §2 routing rules). It uses the spec's own keys (§3) and the app's own rules: each
 * notice the server lists is marked shown 3 times (pendingPopups), and one ad was shown just now
 * (popedAdList), so the 6-hour rule (§4) holds every ad back for the run. No test hook in the app.
 *
 * playwright.config.ts sets it as use.storageState; contexts a spec makes with browser.newContext()
 * get it too (Playwright applies the config's context options to them). tests/e2e/popups.e2e.ts
 * opts out with an empty state. Playwright starts the web server before this runs.
 *
 * The state holds for one Shanghai day: at midnight (16:00 UTC) the app clears the ad records, as
 * spec §4 says, and the first page of the day shows an ad. A run that crosses midnight therefore
 * gets the state written again just after it (a timer in the runner process, which outlives the
 * setup; each new context reads the file when it opens).
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { withAdList, recordShown, EMPTY_AD_STATE, type PopupAd } from '../../src/features/campaigns/rules/ad-choice';
import { NOTICE_POPUP_MAX_SHOWS } from '../../src/features/campaigns/constants';
import type { EmergencyNotice } from '../../src/features/campaigns/rules/notice-popups';
import { MS_PER_DAY } from '../../src/platform/config/constants';
import { shanghaiMidnight } from '../../src/platform/rules/shanghai-time';

export const POPUPS_SEEN_STATE = path.resolve(import.meta.dirname, '.state/popups-seen.json');

async function data<T>(url: string): Promise<T> {
  const response = await fetch(url);
  const body = (await response.json()) as { code: number; data: T };
  if (!response.ok || body.code !== 0) throw new Error(`global setup: GET ${url} answered ${response.status}`);
  return body.data;
}

/** Writes the state for the current Shanghai day; the rename keeps a context from reading half a file. */
async function writePopupsSeenState(baseURL: string): Promise<void> {
  const notices = await data<EmergencyNotice[]>(`${baseURL}/api/v1/common/emergencyNotices`);
  const ads = await data<PopupAd[]>(`${baseURL}/api/v1/popup_advertisement?device=1`);
  const now = new Date();
  let adState = withAdList(EMPTY_AD_STATE, ads, now);
  if (ads[0]) adState = recordShown(adState, ads[0], now.getTime());

  const localStorage = [
    { name: 'pendingPopups', value: JSON.stringify(notices.map((notice) => ({ ...notice, count: NOTICE_POPUP_MAX_SHOWS }))) },
    { name: 'pendingAdList', value: JSON.stringify(adState.pendingAdList) },
    { name: 'popedAdList', value: JSON.stringify(adState.popedAdList) },
    { name: 'popedOneTimeAdList', value: JSON.stringify(adState.popedOneTimeAdList) },
  ];
  // The server's own origin only: Playwright restores each origin's localStorage by loading a page
  // of it in every new context, a second or more per origin on a loaded machine. The brand-by-host
  // specs reach other host names but only read the title and the logo, which a popup leaves alone.
  mkdirSync(path.dirname(POPUPS_SEEN_STATE), { recursive: true });
  writeFileSync(`${POPUPS_SEEN_STATE}.tmp`, JSON.stringify({ cookies: [], origins: [{ origin: new URL(baseURL).origin, localStorage }] }, null, 2));
  renameSync(`${POPUPS_SEEN_STATE}.tmp`, POPUPS_SEEN_STATE);
}

/** Rewrites the state a second after each coming Shanghai midnight; the timer never keeps the run alive. */
function rewriteAfterEachMidnight(baseURL: string): void {
  const wait = shanghaiMidnight(new Date()).getTime() + MS_PER_DAY + 1_000 - Date.now();
  setTimeout(() => {
    writePopupsSeenState(baseURL).catch((error: unknown) => console.error('global setup: the popups-seen state was not renewed at midnight', error));
    rewriteAfterEachMidnight(baseURL);
  }, wait).unref();
}

export default async function globalSetup(config: FullConfig): Promise<void> {
  const baseURL = config.projects[0]?.use.baseURL;
  if (!baseURL) throw new Error('global setup: no baseURL');
  await writePopupsSeenState(baseURL);
  rewriteAfterEachMidnight(baseURL);
}
