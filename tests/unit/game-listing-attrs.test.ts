/**
 * A game's listing attributes (features/catalog/rules/game-listing-attrs.ts): 段位 is one of the
 * game's ranks, the hero and skin counts whole numbers within the game's bounds; the form and the
 * server refuse the same values with the same words.
 */
import { describe, expect, it } from 'vitest';
import { attrValueError, listingAttrsError, type GameListingAttr } from '~/features/catalog/rules/game-listing-attrs';
import { GAME_CATALOG, listingAttrDefs } from '~/app/seed/catalog';

const RANK: GameListingAttr = { name: '段位', kind: 'choice', choices: ['荣耀王者', '最强王者'], required: true };
const HEROES: GameListingAttr = { name: '英雄数量', kind: 'number', min: 0, max: 124, required: false };
const SKINS: GameListingAttr = { name: '皮肤数量', kind: 'number', min: 0, max: 420, required: false };

describe('one attribute', () => {
  it.each([
    [RANK, '最强王者', null],
    [RANK, '最强王', '请从列表中选择段位'],
    [HEROES, '0', null],
    [HEROES, '124', null],
    [HEROES, '125', '英雄数量应在0到124之间'],
    [HEROES, '12.5', '英雄数量应为整数'],
    [HEROES, '-1', '英雄数量应为整数'],
    [SKINS, '', '皮肤数量应为整数'],
  ] as const)('%o with %s → %s', (def, value, error) => {
    expect(attrValueError(def, value)).toBe(error);
  });
});

describe('a listing’s attributes', () => {
  const defs = [RANK, HEROES, SKINS];
  it('a required rank must be given; the counts may be left out', () => {
    expect(listingAttrsError(defs, [])).toBe('请选择段位');
    expect(listingAttrsError(defs, [{ attr_name: '段位', value: '荣耀王者' }])).toBeNull();
  });
  it('the first value out of its game’s data is named', () => {
    expect(listingAttrsError(defs, [{ attr_name: '段位', value: '荣耀王者' }, { attr_name: '皮肤数量', value: '999' }])).toBe('皮肤数量应在0到420之间');
  });
  it('attributes the game does not define are left to their own checks', () => {
    expect(listingAttrsError(defs, [{ attr_name: '段位', value: '荣耀王者' }, { attr_name: '账号类型', value: '皮肤号' }])).toBeNull();
  });
  it('a game without definitions accepts anything (a database the seed has not filled)', () => {
    expect(listingAttrsError([], [{ attr_name: '段位', value: '随便' }])).toBeNull();
  });
});

describe('the demo games’ definitions', () => {
  it('王者荣耀 offers its ranks best first, then 英雄数量 and 皮肤数量 with their bounds', () => {
    const wzry = GAME_CATALOG.find((game) => game.slug === 'wzry')!;
    expect(listingAttrDefs(wzry)).toEqual([
      { name: '段位', kind: 'choice', choices: ['荣耀王者', '无双王者', '最强王者', '至尊星耀', '永恒钻石', '尊贵铂金'], required: true },
      { name: '英雄数量', kind: 'number', min: 0, max: 124, required: false },
      { name: '皮肤数量', kind: 'number', min: 0, max: 420, required: false },
    ]);
  });
  it('a game without heroes has no hero count', () => {
    const hpjy = GAME_CATALOG.find((game) => game.slug === 'hpjy')!;
    expect(listingAttrDefs(hpjy).map((def) => def.name)).toEqual(['段位', '皮肤数量']);
  });
});
