import { describe, expect, it } from 'vitest';
import { ACCOUNT_ROUTES, FLOAT_HIDDEN_ROUTE_NAMES, isFloatHidden, matchRoute, ROUTES, routeByName } from '~/platform/config/routes';
import {
  documentTitle,
  redirectsHome,
  runsAdPopupCheck,
  runsEmergencyNoticeCheck,
} from '~/platform/rules/routing';

// Spec §2, standalone routes: name, path and the titles the spec gives verbatim.
const STANDALONE: Array<[name: string, path: string, title?: string]> = [
  ['404', '/404', '页面不存在'],
  ['502', '/502', '服务器出错'],
  ['VIPSubscribe', '/VIPSubscribe'],
  ['help', '/help'],
  ['ContactUs', '/ContactUs'],
  ['deleted_page', '/error-deleted'],
  ['bind', '/bind'],
  ['business-invest', '/business-invest'],
  ['newuser_ranking', '/activity/newuser_ranking'],
  ['free_order', '/activity/free_order'],
  ['download', '/download', '下载'],
  ['redirect', '/redirect', '正在跳转七鱼客服...'],
  ['register', '/register', '注册'],
  ['rank_register', '/rank_register', '注册'],
];

const MAIN_PATHS = ['/', '/zuhao.html', '/zuhao/12.html', '/detail/345.html', '/tejia.html', '/tejia/3.html', '/free', '/dianpu', '/svip', '/rstpwd', '/pay-result', '/Notice', '/NoticeDetail', '/task', '/task-publish'];

// Spec §2, account area.
const ACCOUNT_NAMES = ['personal', 'system', 'order', 'assess', 'assessInfo', 'complain', 'collect', 'footprint', 'purse', 'Recharge', 'Withdraw', 'redPacket', 'fundsDetail', 'account_goldCoin', 'account_extension', 'account_notify', 'notify_detail', 'account_besimilar', 'unactive_account', 'unactive_result'];

describe('route table (spec §2)', () => {
  it.each(STANDALONE)('standalone route %s lives at %s', (name, path, title) => {
    const route = routeByName(name);
    expect(route.path).toBe(path);
    expect(route.layout).toBe('standalone');
    if (title) expect(route.title).toBe(title);
  });

  it.each(MAIN_PATHS)('main-layout path %s resolves to a main-layout route', (path) => {
    expect(matchRoute(path).route.layout).toBe('main');
  });

  it('has every account screen of the spec, under /account/<name>', () => {
    expect(ACCOUNT_ROUTES.map((route) => route.name).sort()).toEqual([...ACCOUNT_NAMES].sort());
    for (const route of ACCOUNT_ROUTES) expect(route.path).toBe(`/account/${route.name}`);
  });

  it('has unique names and paths, and a title on every route', () => {
    expect(new Set(ROUTES.map((route) => route.name)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((route) => route.path)).size).toBe(ROUTES.length);
    for (const route of ROUTES) expect(route.title.length).toBeGreaterThan(0);
  });

  it('never lets the page cache keep a screen that needs a signed-in user', () => {
    for (const route of ROUTES) expect(route.meta.cacheable && route.meta.requiresLogin).toBeFalsy();
    expect(ROUTES.filter((route) => route.layout === 'account' && route.meta.cacheable)).toEqual([]);
  });

  it('throws on a route name that does not exist', () => {
    expect(() => routeByName('nope')).toThrow(/Unknown route name/);
  });
});

describe('routing rules (spec §2)', () => {
  it('document title is the environment title, a dash, then the route title', () => {
    expect(documentTitle('畅租号', '下载')).toBe('畅租号 - 下载');
  });

  it.each([
    ['/unknown', '404'],
    ['/zuhao/12.html', 'zuhao_game'],
    ['/detail/9.html', 'detail'],
    ['/account/account_goldCoin', 'account_goldCoin'],
    ['/help/', 'help'],
    ['/detail/.html', '404'],
  ])('%s matches route %s', (path, name) => {
    expect(matchRoute(path).route.name).toBe(name);
  });

  it('captures dynamic params', () => {
    expect(matchRoute('/detail/345.html').params).toEqual({ id: '345' });
    expect(matchRoute('/zuhao/7.html').params).toEqual({ game_id: '7' });
  });

  it.each([
    ['/index.html', true],
    ['/zuhao/index.html', true],
    ['/index.htm', false],
    ['/zuhao.html', false],
  ])('a path containing index.html goes home: %s -> %s', (path, expected) => {
    expect(redirectsHome(path)).toBe(expected);
  });

  it.each(['advertise', 'business-invest', 'register', 'newuser_ranking', 'free_order'])('floating buttons are hidden on %s', (name) => {
    expect(FLOAT_HIDDEN_ROUTE_NAMES.has(name)).toBe(true);
    expect(isFloatHidden({ name, meta: {} })).toBe(true);
  });

  it('floating buttons are hidden on routes whose meta hides them (redirect, register, rank_register)', () => {
    for (const name of ['redirect', 'register', 'rank_register']) expect(isFloatHidden(routeByName(name))).toBe(true);
  });

  it.each(['home', 'help', 'download', 'ContactUs', '404', 'zuhao', 'personal'])('floating buttons show on %s', (name) => {
    expect(isFloatHidden(routeByName(name))).toBe(false);
  });

  it.each([
    ['tejia', 'home', true],
    ['tejia_game', 'zuhao', true],
    ['tejia', null, false],
    ['tejia', 'tejia', false],
    ['zuhao', 'home', false],
  ])('entering %s from %s runs the ad popup check: %s', (to, from, expected) => {
    expect(runsAdPopupCheck(to, from)).toBe(expected);
  });

  it.each([
    ['home', 'zuhao', true],
    ['home', null, true],
    ['zuhao', 'home', true],
    ['zuhao_game', null, true],
    ['zuhao_game', 'zuhao', false],
    ['detail', 'home', false],
  ])('entering %s from %s runs the emergency notice check: %s', (to, from, expected) => {
    expect(runsEmergencyNoticeCheck(to, from)).toBe(expected);
  });
});
