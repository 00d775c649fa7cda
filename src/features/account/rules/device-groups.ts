/**
 * 登录设备 grouped by device (issue 28: twenty identical "Chrome · Linux" rows said nothing). A
 * session token remembers the browser's user agent; the same browser on the same machine signs in
 * with the same one, so the tokens of one user agent are one device: shown once, with how many
 * sign-ins it holds and its latest use, and signed out together. The group holding this request's
 * token is the current device, shown first; the rest by latest use.
 */
export interface DeviceToken {
  id: number;
  user_agent: string | null;
  /** ISO 8601. */
  created_at: string;
  last_used_at: string | null;
  current: boolean;
}

export interface DeviceGroup {
  /** The user agent the group shares (null: unknown). */
  user_agent: string | null;
  /** Every token of the device. */
  ids: number[];
  /** Those another device may sign out: all but this request's own. */
  others: number[];
  current: boolean;
  /** ISO 8601: the latest use (or sign-in) of any of its tokens. */
  last_used_at: string;
}

const lastUse = (token: DeviceToken): string => token.last_used_at ?? token.created_at;

export function groupDevices(tokens: readonly DeviceToken[]): DeviceGroup[] {
  const groups = new Map<string | null, DeviceGroup>();
  for (const token of tokens) {
    const group = groups.get(token.user_agent) ?? { user_agent: token.user_agent, ids: [], others: [], current: false, last_used_at: lastUse(token) };
    group.ids.push(token.id);
    if (token.current) group.current = true;
    else group.others.push(token.id);
    if (Date.parse(lastUse(token)) > Date.parse(group.last_used_at)) group.last_used_at = lastUse(token);
    groups.set(token.user_agent, group);
  }
  return [...groups.values()].sort((a, b) => Number(b.current) - Number(a.current) || Date.parse(b.last_used_at) - Date.parse(a.last_used_at));
}
