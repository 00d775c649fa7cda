/**
 * The operator console's screens, one table like src/platform/config/routes.ts is for the site. Each
 * names the permission that opens it (src/features/console/contract/ops.ts) and the menu group it sits in; the
 * console's menu shows an operator only the screens their role opens.
 */
import { opsCanAny, type OpsPermission, type OpsRole } from '~/features/console/contract/ops';
import { sameSiteReturnPath } from '~/platform/rules/return-path';
import { OPS_APPROVAL_PERMISSIONS } from '~/features/console/contract/ops-approvals';

export type OpsNavGroup = '概览' | '卖家与账号' | '客服' | '财务' | '运营活动' | '内容' | '系统';

export const OPS_NAV_GROUPS: readonly OpsNavGroup[] = ['概览', '卖家与账号', '客服', '财务', '运营活动', '内容', '系统'];

export interface OpsRouteDef {
  name: string;
  path: string;
  title: string;
  /** Any one of these opens the screen. */
  permissions: readonly OpsPermission[];
  /** Menu group; null for screens reached from another (details) or outside the menu (sign-in). */
  group: OpsNavGroup | null;
}

const r = (name: string, path: string, title: string, permissions: OpsPermission | readonly OpsPermission[], group: OpsNavGroup | null): OpsRouteDef => ({
  name,
  path,
  title,
  permissions: typeof permissions === 'string' ? [permissions] : permissions,
  group,
});

export const OPS_PREFIX = '/ops';
export const OPS_LOGIN_PATH = '/ops/login';

export const OPS_ROUTES: readonly OpsRouteDef[] = [
  r('ops_home', '/ops', '数据概览', 'dashboard', '概览'),
  r('ops_sellers', '/ops/sellers', '卖家认证', 'sellers', '卖家与账号'),
  r('ops_listings', '/ops/listings', '账号审核', 'listings', '卖家与账号'),
  r('ops_games', '/ops/games', '游戏维护', 'games', '卖家与账号'),
  r('ops_complaints', '/ops/complaints', '投诉仲裁', 'complaints', '客服'),
  r('ops_complaint', '/ops/complaints/detail', '投诉详情', 'complaints', null),
  r('ops_hafu', '/ops/hafu', '哈夫币争议', 'complaints', '客服'),
  r('ops_chat', '/ops/chat', '在线客服', 'chat', '客服'),
  r('ops_users', '/ops/users', '用户管理', 'users.read', '客服'),
  r('ops_user', '/ops/users/detail', '用户详情', 'users.read', null),
  r('ops_orders', '/ops/orders', '订单查询', 'orders.read', '客服'),
  r('ops_order', '/ops/orders/detail', '订单详情', 'orders.read', null),
  r('ops_withdrawals', '/ops/withdrawals', '提现审核', 'withdrawals', '财务'),
  r('ops_approvals', '/ops/approvals', '待审批', OPS_APPROVAL_PERMISSIONS, '财务'),
  r('ops_finance', '/ops/finance', '结算与账目', 'finance', '财务'),
  r('ops_ads', '/ops/ads', '弹窗广告', 'campaigns', '运营活动'),
  r('ops_notices', '/ops/notices', '紧急通知', 'campaigns', '运营活动'),
  r('ops_broadcasts', '/ops/broadcasts', '站内群发', 'campaigns', '运营活动'),
  r('ops_red_packets', '/ops/red-packets', '红包活动', 'campaigns', '运营活动'),
  r('ops_exchange_codes', '/ops/exchange-codes', '兑换码', 'campaigns', '运营活动'),
  r('ops_lottery', '/ops/lottery', '抽奖奖品', 'campaigns', '运营活动'),
  r('ops_investment_leads', '/ops/investment-leads', '招商线索', 'campaigns', '运营活动'),
  r('ops_announcements', '/ops/announcements', '公告管理', 'content', '内容'),
  r('ops_help', '/ops/help', '帮助文档', 'content', '内容'),
  r('ops_agreements', '/ops/agreements', '用户协议', 'content', '内容'),
  r('ops_settings', '/ops/settings', '站点设置', ['settings.site', 'settings.money'], '系统'),
  r('ops_operators', '/ops/operators', '运营人员', 'operators', '系统'),
  r('ops_audit', '/ops/audit', '操作日志', 'audit', '系统'),
  r('ops_account', '/ops/account', '我的账号', [], null),
];

const BY_NAME = new Map(OPS_ROUTES.map((route) => [route.name, route]));

export function opsRouteByName(name: string): OpsRouteDef {
  const route = BY_NAME.get(name);
  if (!route) throw new Error(`Unknown console route: ${name}`);
  return route;
}

/** Whether `role` may open `route` (a route with no permission is open to every operator). */
export function opsRouteOpen(route: OpsRouteDef, role: OpsRole): boolean {
  return route.permissions.length === 0 || opsCanAny(role, route.permissions);
}

/** The menu an operator of `role` sees: groups in order, each with the screens they may open. */
export function opsMenuFor(role: OpsRole): { group: OpsNavGroup; routes: OpsRouteDef[] }[] {
  return OPS_NAV_GROUPS.map((group) => ({
    group,
    routes: OPS_ROUTES.filter((route) => route.group === group && opsRouteOpen(route, role)),
  })).filter((entry) => entry.routes.length > 0);
}

/** Where an operator lands after signing in: the first screen of their menu. */
export function opsHomeFor(role: OpsRole): string {
  return opsMenuFor(role)[0]?.routes[0]?.path ?? '/ops/account';
}

/**
 * A safe place to go after signing in: a console path of ours, never another site
 * (`?next=//evil.example`, `/\\host` or `https://...` fall back to the operator's home).
 */
export function safeOpsNext(next: string | null | undefined): string | null {
  // First the site-wide check (origin, backslashes, controls, dot-segments), then the console's own.
  if (!next || sameSiteReturnPath(next, null) !== next || !next.startsWith('/ops')) return null;
  if (next === OPS_LOGIN_PATH || next.startsWith(`${OPS_LOGIN_PATH}?`)) return null;
  return /^\/ops(\/[A-Za-z0-9/_-]*)?(\?[^#]*)?$/.test(next) ? next : null;
}
