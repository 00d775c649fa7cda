/**
 * spec §4 "Notice popups" (emergency notice), one group per sentence, and the spec §2 routing
 * rules that run the ad and notice checks.
 */
import { describe, expect, it } from 'vitest';
import { chooseNoticePopup, dismissForGood, mergePopups, type EmergencyNotice, type PendingPopup } from '~/features/campaigns/rules/notice-popups';
import { isSpecialOfferRoute, popupChecksFor, POPUPS_PER_PAGE_VIEW_MAX, runsAdCheck, runsNoticeCheck } from '~/features/campaigns/rules/popup-triggers';

const notice = (id: number, title = `公告${id}`): EmergencyNotice => ({ id, title, content: `内容${id}` });
const pending = (id: number, count: number, title = `公告${id}`): PendingPopup => ({ ...notice(id, title), count });

describe('"today\'s popups are fetched and merged with pending ones"', () => {
  it('new notices start at count 0, in the server\'s order', () => {
    expect(mergePopups([notice(2), notice(1)], [])).toEqual([pending(2, 0), pending(1, 0)]);
  });

  it('a pending notice keeps its count, with the text the server has now', () => {
    expect(mergePopups([notice(1, '新标题')], [pending(1, 2, '旧标题')])).toEqual([pending(1, 2, '新标题')]);
  });

  it('a pending notice the server no longer lists stays while not shown 3 times', () => {
    expect(mergePopups([notice(2)], [pending(1, 1)])).toEqual([pending(2, 0), pending(1, 1)]);
  });

  it('a used-up record the server no longer lists is dropped; one still listed keeps its count', () => {
    expect(mergePopups([notice(2)], [pending(1, 3), pending(2, 3)])).toEqual([pending(2, 3)]);
  });
});

describe('"A popup shown 3 times is dropped."', () => {
  it.each([
    [0, true],
    [1, true],
    [2, true],
    [3, false],
    [4, false],
  ])('a notice shown %i times is shown again: %s', (count, shows) => {
    expect(chooseNoticePopup([notice(1)], [pending(1, count)]).popup !== null).toBe(shows);
  });
});

describe('"The first popup not yet shown 3 times is shown and its count incremented."', () => {
  it('the first of today\'s is shown and counted', () => {
    expect(chooseNoticePopup([notice(1), notice(2)], [])).toEqual({ popup: notice(1), pending: [pending(1, 1), pending(2, 0)] });
  });

  it('a used-up first is passed over for the next', () => {
    expect(chooseNoticePopup([notice(1), notice(2)], [pending(1, 3), pending(2, 1)])).toEqual({
      popup: notice(2),
      pending: [pending(1, 3), pending(2, 2)],
    });
  });

  it('three checks show it three times, the fourth shows nothing', () => {
    let saved: PendingPopup[] = [];
    const shownIds: Array<number | null> = [];
    for (let check = 0; check < 4; check += 1) {
      const choice = chooseNoticePopup([notice(1)], saved);
      shownIds.push(choice.popup?.id ?? null);
      saved = choice.pending;
    }
    expect(shownIds).toEqual([1, 1, 1, null]);
    expect(saved).toEqual([pending(1, 3)]);
  });

  it('with no notices today and nothing pending, nothing is shown', () => {
    expect(chooseNoticePopup([], [])).toEqual({ popup: null, pending: [] });
  });
});

describe('"The \'don\'t show again\' choice sets its count to 3."', () => {
  it('sets that one to 3 and leaves the others', () => {
    expect(dismissForGood([pending(1, 1), pending(2, 0)], 1)).toEqual([pending(1, 3), pending(2, 0)]);
  });

  it('after it, the notice is never shown again', () => {
    const first = chooseNoticePopup([notice(1)], []);
    const after = dismissForGood(first.pending, 1);
    expect(chooseNoticePopup([notice(1)], after).popup).toBeNull();
  });
});

describe('spec §2 "Entering tejia from another named route runs the ad popup check" (and home, issue 14)', () => {
  it.each([
    [null, 'home', true],
    ['home', 'home', true],
    ['zuhao', 'tejia', true],
    ['detail', 'tejia_game', true],
    [null, 'tejia', false],
    ['tejia', 'tejia', false],
    ['tejia', 'tejia_game', false],
    ['tejia_game', 'tejia', false],
    ['home', 'zuhao', false],
    ['tejia', 'detail', false],
  ])('from %s to %s: %s', (previous, current, runs) => {
    expect(runsAdCheck(previous, current)).toBe(runs);
  });

  it.each([
    ['tejia', true],
    ['tejia_game', true],
    ['home', false],
  ])('%s is the special-offer page: %s', (name, special) => {
    expect(isSpecialOfferRoute(name)).toBe(special);
  });
});

describe('spec §2 "Entering home, or a route whose name contains zuhao (coming from a route not containing zuhao), runs the emergency notice check"', () => {
  it.each([
    [null, 'home', true],
    ['home', 'home', true],
    ['zuhao', 'home', true],
    [null, 'zuhao', true],
    ['home', 'zuhao', true],
    ['detail', 'zuhao_game', true],
    ['zuhao', 'zuhao_game', false],
    ['zuhao_game', 'zuhao', false],
    ['home', 'tejia', false],
    ['zuhao', 'detail', false],
  ])('from %s to %s: %s', (previous, current, runs) => {
    expect(runsNoticeCheck(previous, current)).toBe(runs);
  });
});

describe('issue 27: one popup per page view, the emergency notice before the ad', () => {
  it('a page view opens at most one popup', () => {
    expect(POPUPS_PER_PAGE_VIEW_MAX).toBe(1);
  });

  it.each([
    [null, 'home', ['notice', 'ad']],
    ['home', 'home', ['notice', 'ad']],
    ['detail', 'zuhao', ['notice']],
    ['zuhao', 'zuhao_game', []],
    ['zuhao', 'tejia', ['ad']],
    [null, 'tejia', []],
    ['home', 'help', []],
  ] as const)('from %s to %s the checks run in the order %j', (previous, current, checks) => {
    expect(popupChecksFor(previous, current)).toEqual(checks);
  });
});
