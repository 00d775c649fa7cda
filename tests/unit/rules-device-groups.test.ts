/** 登录设备 grouped by device (issue 28): one row per user agent, the current device first. */
import { describe, expect, it } from 'vitest';
import { groupDevices, type DeviceToken } from '~/features/account/rules/device-groups';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Safari/604.1';
const token = (id: number, userAgent: string | null, lastUsed: string | null, current = false): DeviceToken => ({
  id,
  user_agent: userAgent,
  created_at: '2026-11-01T00:00:00Z',
  last_used_at: lastUsed,
  current,
});

describe('device groups', () => {
  it('folds the sign-ins of one browser into one device with its latest use; the current device leads', () => {
    const groups = groupDevices([
      token(1, CHROME, '2026-11-20T00:00:00Z'),
      token(2, PHONE, '2026-11-28T00:00:00Z'),
      token(3, CHROME, '2026-11-25T00:00:00Z', true),
      token(4, CHROME, null),
      token(5, null, '2026-11-27T00:00:00Z'),
    ]);
    expect(groups).toEqual([
      { user_agent: CHROME, ids: [1, 3, 4], others: [1, 4], current: true, last_used_at: '2026-11-25T00:00:00Z' },
      { user_agent: PHONE, ids: [2], others: [2], current: false, last_used_at: '2026-11-28T00:00:00Z' },
      { user_agent: null, ids: [5], others: [5], current: false, last_used_at: '2026-11-27T00:00:00Z' },
    ]);
  });

  it('twenty sign-ins of one browser are one row', () => {
    const groups = groupDevices(Array.from({ length: 20 }, (_, i) => token(i + 1, CHROME, `2026-11-${String(i + 1).padStart(2, '0')}T00:00:00Z`, i === 0)));
    expect(groups).toHaveLength(1);
    expect(groups[0]!.ids).toHaveLength(20);
    expect(groups[0]!.others).toHaveLength(19);
    expect(groups[0]!.last_used_at).toBe('2026-11-20T00:00:00Z');
  });

  it('no tokens, no devices', () => {
    expect(groupDevices([])).toEqual([]);
  });
});
