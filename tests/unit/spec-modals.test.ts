/**
 * The pure parts of the spec §2 modals (issue 14): what each reads from the props its opener hands
 * over, the hafu-coin figures (spec §9 tags and prepay), the checkout's hafu line, and the plain-HTML
 * openers' props.
 */
import { describe, expect, it } from 'vitest';
import { followUpOf } from '~/features/sign-in/ui/BindPhoneModal';
import { checkoutHafuText, checkoutTotalLines, submitNote } from '~/features/orders/ui/CheckoutDialog';
import { complaintOrderNo } from '~/features/complaints/ui/ComplaintModal';
import { hafuFigureRows, hafuFiguresOf } from '~/features/orders/ui/HafuCoinModal';
import { officialQrSource } from '~/features/content/ui/OfficialAccountQrModal';
import { isHtmlOpenableModal, modalPropsOf } from '~/layouts/scripts/modal-openers';
import { isOfficialAccountPage } from '~/features/content/contract/wechat-official';

describe('bind phone: the modal to reopen after the bind (props.then)', () => {
  it.each([
    [{ then: { name: 'complaint', props: { order_no: 'R1' } } }, { name: 'complaint', props: { order_no: 'R1' } }],
    [{ then: { name: 'complaint' } }, { name: 'complaint', props: {} }],
    [{ then: { name: 'complaint', props: 'x' } }, { name: 'complaint', props: {} }],
    [{}, null],
    [{ then: 'complaint' }, null],
    [{ then: { name: '' } }, null],
    [{ then: { name: 'bindPhone' } }, null],
    [{ then: null }, null],
  ])('%j → %j', (props, expected) => {
    expect(followUpOf(props)).toEqual(expected);
  });
});

describe('complaint: the order number the opener passed', () => {
  it.each([
    [{ order_no: 'R2026' }, 'R2026'],
    [{ order_no: ' R2026 ' }, 'R2026'],
    [{ order_no: '' }, null],
    [{ order_no: 12 }, null],
    [{}, null],
  ])('%j → %s', (props, expected) => {
    expect(complaintOrderNo(props)).toBe(expected);
  });
});

describe('hafu coin explainer: the listing figures (spec §9)', () => {
  it('reads usable figures only', () => {
    expect(hafuFiguresOf({ game_money: 855_000, money_exchange_rate: 10_000 })).toEqual({ gameMoney: 855_000, rate: 10_000 });
    expect(hafuFiguresOf({ game_money: 855_000, money_exchange_rate: 0 })).toEqual({ gameMoney: 855_000, rate: null });
    expect(hafuFiguresOf({ game_money: 855_000 })).toEqual({ gameMoney: 855_000, rate: null });
    for (const gameMoney of [0, -1, 1.5, '855000', Number.MAX_SAFE_INTEGER + 2, undefined]) expect(hafuFiguresOf({ game_money: gameMoney, money_exchange_rate: 1 })).toBeNull();
  });

  it('under 1 million: 万 and no tier; prepay = game_money / money_exchange_rate', () => {
    expect(hafuFigureRows({ gameMoney: 855_000, rate: 10_000 })).toEqual([
      { label: '账号哈夫币', value: '85.5万（855,000个）' },
      { label: '兑换比例', value: '10,000 哈夫币/元' },
      { label: '需预付', value: '¥85.50' },
    ]);
  });

  it.each([
    [1_000_000, '百万级'],
    [10_000_000, '千万级'],
    [100_000_000, '亿级'],
  ])('%i coins is the named tier %s', (gameMoney, tier) => {
    expect(hafuFigureRows({ gameMoney, rate: 350_000 })).toContainEqual({ label: '等级', value: tier });
  });

  it('the prepay rounds half up to the fen, and without a rate it is left to the order', () => {
    expect(hafuFigureRows({ gameMoney: 6_710_000, rate: 350_000 }).at(-1)).toEqual({ label: '需预付', value: '¥19.17' });
    expect(hafuFigureRows({ gameMoney: 6_710_000, rate: null }).at(-1)).toEqual({ label: '需预付', value: '以订单为准' });
  });
});

describe('checkout: what 提交订单 will do, said under the button', () => {
  it('from the wallet it pays the order total at once; a free order just takes effect', () => {
    expect(submitNote('wallet', 8_700)).toBe('提交后立即从余额支付¥87.00');
    expect(submitNote('wallet', 0)).toBe('提交后订单立即生效');
  });
  it('through a gateway (or before a channel is known) the order waits 15 minutes for its payment', () => {
    for (const channel of ['alipay', 'wechat', null] as const) expect(submitNote(channel, 8_700)).toBe('下单后请在15分钟内完成支付，超时订单将自动取消');
  });
});

describe("checkout: the hafu line of a hafu listing's order", () => {
  it('names the coins and the prepay', () => {
    expect(checkoutHafuText({ game_money: 6_710_000, money_exchange_rate: 350_000 })).toBe('含哈夫币671万，租号开始后需预付¥19.17，未用完按比例退还');
    expect(checkoutHafuText({ game_money: 5_000, money_exchange_rate: null })).toBe('含哈夫币0.5万，租号开始后需预付哈夫币押金，未用完按比例退还');
  });

  it('puts the prepay inside 应付合计 and says what is paid when (issue 26: ¥87.00 shown while ¥19.17 more was due)', () => {
    expect(checkoutTotalLines(8_700, 1_917)).toEqual({ total: '106.17', split: '现在支付¥87.00，租号开始后预付哈夫币¥19.17（未用完按比例退还）' });
    expect(checkoutTotalLines(8_700, null)).toEqual({ total: '87.00', split: null });
    expect(checkoutTotalLines(8_700, 0)).toEqual({ total: '87.00', split: null });
  });

  it('says nothing for an account without coins', () => {
    expect(checkoutHafuText(undefined)).toBeNull();
    expect(checkoutHafuText({ game_money: 0, money_exchange_rate: 10 })).toBeNull();
  });
});

describe('official account: the QR the prompt hands over and the pages that show it', () => {
  it('shows only an image the server drew', () => {
    expect(officialQrSource({ qrcode: 'data:image/svg+xml;base64,PHN2Zz4=' })).toBe('data:image/svg+xml;base64,PHN2Zz4=');
    expect(officialQrSource({ qrcode: 'https://evil.example/qr.png' })).toBeNull();
    expect(officialQrSource({ qrcode: 'javascript:alert(1)' })).toBeNull();
    expect(officialQrSource({})).toBeNull();
  });

  it('knows the pages by their route names', () => {
    expect(isOfficialAccountPage('pay-result')).toBe(true);
    expect(isOfficialAccountPage('order')).toBe(true);
    expect(isOfficialAccountPage('home')).toBe(false);
    expect(isOfficialAccountPage(['order'])).toBe(false);
  });
});

describe('plain-HTML modal openers', () => {
  it('open only the modals a page may open from HTML', () => {
    for (const name of ['contactUs', 'complaint', 'hafuCoin']) expect(isHtmlOpenableModal(name)).toBe(true);
    for (const name of ['login', 'redPacket', 'nope', undefined]) expect(isHtmlOpenableModal(name)).toBe(false);
  });

  it('read data-modal-props as an object, anything else as none', () => {
    expect(modalPropsOf('{"game_money":5000,"money_exchange_rate":null}')).toEqual({ game_money: 5000, money_exchange_rate: null });
    for (const raw of [undefined, '', 'not json', '[1,2]', 'null', '3']) expect(modalPropsOf(raw)).toEqual({});
  });
});
