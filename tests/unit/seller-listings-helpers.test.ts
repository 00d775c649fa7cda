import { describe, expect, it } from 'vitest';
import type { ListingGameOption } from '~/features/sellers/contract/seller-listings';
import { CLOCK_HOURS, CLOCK_MINUTES, bodyFromForm, checkForm, emptyForm, moveImage, readListingsQuery, splitClock, withListingsQuery, zonesFor } from '~/features/sellers/ui/listings/listing-helpers';

const GAME: ListingGameOption = {
  id: 2,
  name: '王者荣耀',
  has_hafu_coin: false,
  platforms: [{ id: 10, name: '安卓QQ' }],
  zones: [
    { id: 100, name: 'QQ1区', platform_id: 10 },
    { id: 101, name: '微信1区', platform_id: 11 },
    { id: 102, name: '全平台', platform_id: null },
  ],
  attrs: [
    { name: '段位', kind: 'choice', choices: ['最强王者'], min: null, max: null, required: false },
    { name: '皮肤数量', kind: 'number', choices: [], min: 0, max: 420, required: false },
  ],
};

describe('the seller list address', () => {
  it('reads the state, game, search and page; unknown states are 全部, a bad game none', () => {
    expect(readListingsQuery('?state=off_shelf&page=3')).toEqual({ state: 'off_shelf', q: '', game: null, page: 3 });
    expect(readListingsQuery('?state=gone')).toEqual({ state: 'all', q: '', game: null, page: 1 });
    expect(readListingsQuery('?state=rented&game=2&q=%20皮肤%20')).toEqual({ state: 'rented', q: '皮肤', game: 2, page: 1 });
    expect(readListingsQuery('?game=0&q=' + 'x'.repeat(80))).toEqual({ state: 'all', q: 'x'.repeat(64), game: null, page: 1 });
  });

  it('writes only what is not the default', () => {
    expect(withListingsQuery('http://x/seller/listings?page=2', { state: 'all', q: '', game: null, page: 1 })).toBe('/seller/listings');
    expect(withListingsQuery('http://x/seller/listings', { state: 'review', q: '', game: null, page: 2 })).toBe('/seller/listings?state=review&page=2');
    expect(withListingsQuery('http://x/seller/listings', { state: 'pending', q: '王者', game: 3, page: 1 })).toBe('/seller/listings?state=pending&game=3&q=%E7%8E%8B%E8%80%85');
  });
});

describe('the listing form', () => {
  it('offers a platform its own zones and the shared ones', () => {
    expect(zonesFor(GAME, 10).map((zone) => zone.id)).toEqual([100, 102]);
  });

  it('moves an image, the first is the cover', () => {
    expect(moveImage(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveImage(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });

  it('the daily window is chosen on a 24-hour clock, 00:00 to 23:59', () => {
    expect(CLOCK_HOURS[0]).toBe('00');
    expect(CLOCK_HOURS.at(-1)).toBe('23');
    expect(CLOCK_HOURS).toHaveLength(24);
    expect(CLOCK_MINUTES.at(-1)).toBe('59');
    expect(splitClock('18:05')).toEqual({ hour: '18', minute: '05' });
    expect(splitClock('24:00')).toEqual({ hour: '00', minute: '00' });
    expect(splitClock('6:00 PM')).toEqual({ hour: '00', minute: '00' });
  });

  it('a rank must be one of the game’s, a skin count a whole number within its bounds', () => {
    const base = { ...emptyForm(), game_id: 2, platform_id: 10 };
    expect(checkForm({ ...base, attrs: { 段位: '王者' } }, GAME, 'new')['attr:段位']).toBe('请从列表中选择段位');
    expect(checkForm({ ...base, attrs: { 皮肤数量: '421' } }, GAME, 'new')['attr:皮肤数量']).toBe('皮肤数量应在0到420之间');
    expect(checkForm({ ...base, attrs: { 皮肤数量: '12' } }, GAME, 'new')['attr:皮肤数量']).toBeUndefined();
  });

  it('a description past 500 characters is named under its field', () => {
    expect(checkForm({ ...emptyForm(), description: '字'.repeat(501) }, GAME, 'new')['description']).toBe('账号描述不能超过500个字');
    expect(checkForm({ ...emptyForm(), description: '第一行\n第二行' }, GAME, 'new')['description']).toBeUndefined();
  });

  it('an empty form names the game, the title, the images, the price and the login details in Chinese', () => {
    const errors = checkForm(emptyForm(), undefined, 'new');
    expect(errors['game_id']).toBe('请选择游戏');
    expect(errors['title']).toBe('请填写标题');
    expect(errors['images']).toBe('请至少上传1张图片');
    expect(errors['rental']).toMatch(/时租价格/);
    expect(errors['login_account']).toBe('请填写登录账号');
  });

  it('a filled form has no message and becomes the create body the server takes', () => {
    const values = {
      ...emptyForm(),
      game_id: 2,
      platform_id: 10,
      zone_id: 100,
      title: '【最强王者】全英雄',
      role_name: '峡谷',
      attrs: { 段位: '最强王者', 旧属性: 'x' },
      images: [{ url: '/uploads/1-0123456789ab/detail.webp', preview: '/uploads/1-0123456789ab/card.webp' }],
      rental: '3.5',
      login_account: 'acct',
      login_password: 'secret',
    };
    expect(checkForm(values, GAME, 'new')).toEqual({});
    expect(bodyFromForm(values, GAME)).toMatchObject({
      attrs: [{ attr_name: '段位', value: '最强王者' }],
      description: '',
      images: ['/uploads/1-0123456789ab/detail.webp'],
      rental_time: '00:00-23:59',
      game_money: 0,
      money_exchange_rate: null,
    });
    // Editing: the login details may stay empty.
    expect(checkForm({ ...values, login_account: 'acct', login_password: '' }, GAME, 'edit')).toEqual({});
  });
});
