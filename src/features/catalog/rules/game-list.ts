/**
 * spec §3 "Game list item: title and id, mapped to label and value", as the file behind
 * GET rentalHall/gameList's data.url holds it (spec §7 "expecting an array").
 */

export interface GameOption {
  label: string;
  value: number;
}

export const MSG_GAME_LIST_MALFORMED = '游戏列表格式错误';

function isGameListItem(item: unknown): item is { title: string; id: number } {
  if (typeof item !== 'object' || item === null) return false;
  const { title, id } = item as { title?: unknown; id?: unknown };
  return typeof title === 'string' && title.trim() !== '' && Number.isSafeInteger(id) && (id as number) > 0;
}

/**
 * The raw list as select options. The file comes from a URL the API names, possibly another host,
 * so its shape is checked here: anything but an array is refused whole (the caller says the list
 * failed), and an entry without a usable title and id is skipped rather than shown blank.
 */
export function toGameOptions(raw: unknown): GameOption[] {
  if (!Array.isArray(raw)) throw new Error(MSG_GAME_LIST_MALFORMED);
  return raw.filter(isGameListItem).map((item) => ({ label: item.title, value: item.id }));
}
