import { describe, expect, it } from 'vitest';
import type { ListingGameOption } from '~/features/sellers/contract/seller-listings';
import { bodyFromForm, checkForm, emptyForm, moveImage, readListingsQuery, withListingsQuery, zonesFor } from '~/features/sellers/ui/listings/listing-helpers';

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
  attrs: [{ name: '段位', kind: 'choice', choices: ['最强王者'], required: false }],
};

describe('the seller list address', () => {
  it('reads the tab and page, unknown tabs are 全部', () => {
    expect(readListingsQuery('?state=off_shelf&page=3')).toEqual({ state: 'off_shelf', page: 3 });
    expect(readListingsQuery('?state=gone')).toEqual({ state: 'all', page: 1 });
  });

  it('writes only what is not the default', () => {
    expect(withListingsQuery('http://x/seller/listings?page=2', { state: 'all', page: 1 })).toBe('/seller/listings');
    expect(withListingsQuery('http://x/seller/listings', { state: 'review', page: 2 })).toBe('/seller/listings?state=review&page=2');
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
      images: ['/uploads/1-0123456789ab/detail.webp'],
      rental_time: '00:00-23:59',
      game_money: 0,
      money_exchange_rate: null,
    });
    // Editing: the login details may stay empty.
    expect(checkForm({ ...values, login_account: 'acct', login_password: '' }, GAME, 'edit')).toEqual({});
  });
});
