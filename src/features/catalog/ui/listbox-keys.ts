/**
 * Which option of a listbox is active after a key (WAI-ARIA combobox pattern): the arrows move
 * and wrap, Home and End jump; -1 means none is active (focus stays in the input). Null for a
 * key that does not move.
 */
export function nextActiveIndex(current: number, count: number, key: string): number | null {
  if (count <= 0) return key === 'ArrowDown' || key === 'ArrowUp' ? -1 : null;
  switch (key) {
    case 'ArrowDown':
      return current < 0 || current >= count - 1 ? 0 : current + 1;
    case 'ArrowUp':
      return current <= 0 || current >= count ? count - 1 : current - 1;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
