import { describe, expect, it } from 'vitest';
import { MSG_GAME_LIST_MALFORMED, toGameOptions } from '~/features/catalog/rules/game-list';

describe('spec §3 game list item: title and id mapped to label and value', () => {
  it.each([
    ['an empty array', [], []],
    ['title/id pairs, in order', [{ title: '三角洲行动', id: 3 }, { title: '王者荣耀', id: 1 }], [{ label: '三角洲行动', value: 3 }, { label: '王者荣耀', value: 1 }]],
    ['an entry without a title is skipped', [{ id: 2 }, { title: '原神', id: 4 }], [{ label: '原神', value: 4 }]],
    ['a blank title, a string id, a zero id are skipped', [{ title: ' ', id: 5 }, { title: 'A', id: '6' }, { title: 'B', id: 0 }, null], []],
  ])('%s', (_name, raw, expected) => {
    expect(toGameOptions(raw)).toEqual(expected);
  });

  it.each([[{ list: [] }], ['[]'], [null], [undefined]])('refuses %j whole: the file must be an array (spec §7)', (raw) => {
    expect(() => toGameOptions(raw)).toThrow(MSG_GAME_LIST_MALFORMED);
  });
});
