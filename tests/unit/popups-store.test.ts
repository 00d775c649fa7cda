/**
 * The popup records in local storage (spec §3 keys pendingAdList, popedAdList, popedOneTimeAdList,
 * pendingPopups): what is written reads back, anything malformed reads as empty, and 不再提示 sets
 * the notice's count to 3 (spec §4).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_AD_STATE, recordShown, withAdList, type PopupAd } from '~/features/campaigns/rules/ad-choice';
import { loadAdState, saveAdState } from '~/features/campaigns/ad-store';
import { loadPendingPopups, neverShowNoticeAgain, savePendingPopups } from '~/features/campaigns/store';

class MemoryStorage {
  items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal('localStorage', storage);
});

const AD: PopupAd = { id: 1, title: '广告', image: '/a.svg', link: null, priority: 1, display_frequency: 0, position: 0, start_date: null, end_date: null };
const NOW = new Date('2026-03-10T04:00:00Z');

describe('ad records', () => {
  it('read back what was saved, under the spec keys', () => {
    const state = recordShown(withAdList(EMPTY_AD_STATE, [AD], NOW), { ...AD, display_frequency: 2 }, NOW.getTime());
    saveAdState(state);
    expect([...storage.items.keys()].sort()).toEqual(['pendingAdList', 'popedAdList', 'popedOneTimeAdList']);
    expect(JSON.parse(storage.getItem('pendingAdList')!)).toEqual({ date: '2026-03-10', list: [AD], fetchedAt: NOW.getTime() });
    expect(loadAdState()).toEqual(state);
  });

  it.each([
    ['not JSON', '{oops'],
    ['a string', '"x"'],
    ['a list of junk', '[0, null, {"id": "1"}]'],
  ])('%s reads as empty', (_name, text) => {
    storage.setItem('pendingAdList', text);
    storage.setItem('popedAdList', text);
    storage.setItem('popedOneTimeAdList', text);
    expect(loadAdState()).toEqual({ pendingAdList: null, popedAdList: [], popedOneTimeAdList: [] });
  });

  it('keeps the good records of a partly damaged list', () => {
    storage.setItem('popedAdList', JSON.stringify([{ ...AD, count: 1, popTime: 5 }, { ...AD, id: 2 }]));
    storage.setItem('popedOneTimeAdList', JSON.stringify([3, -1, 'x', 4]));
    const state = loadAdState();
    expect(state.popedAdList).toEqual([{ ...AD, count: 1, popTime: 5 }]);
    expect(state.popedOneTimeAdList).toEqual([3, 4]);
  });

  it('a storage that throws reads as empty and saving does not throw', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    });
    expect(loadAdState()).toEqual(EMPTY_AD_STATE);
    expect(() => saveAdState(EMPTY_AD_STATE)).not.toThrow();
  });
});

describe('pendingPopups', () => {
  it('reads back, drops malformed records, and 不再提示 sets the count to 3', () => {
    savePendingPopups([
      { id: 1, title: '甲', content: '一', count: 1 },
      { id: 2, title: '乙', content: '二', count: 0 },
    ]);
    neverShowNoticeAgain(1);
    expect(loadPendingPopups()).toEqual([
      { id: 1, title: '甲', content: '一', count: 3 },
      { id: 2, title: '乙', content: '二', count: 0 },
    ]);
    storage.setItem('pendingPopups', JSON.stringify([{ id: 1 }, { id: 2, title: 't', content: 'c', count: 2 }]));
    expect(loadPendingPopups()).toEqual([{ id: 2, title: 't', content: 'c', count: 2 }]);
  });
});
