/**
 * Issue 15 "Operator roles": what each role may do, read as a table from the sentences,
 * and the console menu and landing page that follow from it.
 */
import { describe, expect, it } from 'vitest';
import { OPS_PERMISSION_NAMES, OPS_ROLES, opsCan, type OpsPermission, type OpsRole } from '~/features/console/contract/ops';
import { OPS_ROUTES, opsHomeFor, opsMenuFor, safeOpsNext } from '~/features/console/ops-routes';

// "admin (everything, manages operators), operations (listings, sellers, campaigns, content),
// customer service (complaints, chat, users' orders read-only), finance (withdrawals,
// settlements, ledger reports)".
const GRANTS: Record<Exclude<OpsRole, 'admin'>, OpsPermission[]> = {
  operations: ['dashboard', 'sellers', 'listings', 'games', 'campaigns', 'content', 'orders.read', 'users.read', 'users.ban', 'settings.site'],
  service: ['dashboard', 'complaints', 'chat', 'orders.read', 'users.read', 'users.ban'],
  finance: ['dashboard', 'withdrawals', 'finance', 'orders.read', 'users.read', 'wallet.adjust', 'settings.money'],
};

describe('opsCan', () => {
  it.each(OPS_PERMISSION_NAMES)('admin may use %s', (permission) => {
    expect(opsCan('admin', permission)).toBe(true);
  });

  for (const [role, granted] of Object.entries(GRANTS) as [Exclude<OpsRole, 'admin'>, OpsPermission[]][]) {
    it.each(OPS_PERMISSION_NAMES)(`${role} may use %s only if the issue grants it`, (permission) => {
      expect(opsCan(role, permission)).toBe(granted.includes(permission));
    });
  }

  it('keeps operator accounts and the audit log to admins', () => {
    for (const role of OPS_ROLES) {
      expect(opsCan(role, 'operators')).toBe(role === 'admin');
      expect(opsCan(role, 'audit')).toBe(role === 'admin');
    }
  });

  it('never lets customer service or finance touch campaigns, content or listings', () => {
    for (const role of ['service', 'finance'] as const) {
      for (const permission of ['campaigns', 'content', 'listings', 'sellers', 'games'] as const) expect(opsCan(role, permission)).toBe(false);
    }
  });
});

describe('the console menu', () => {
  it('shows each role only the screens it may open', () => {
    const titles = (role: OpsRole): string[] => opsMenuFor(role).flatMap((entry) => entry.routes.map((route) => route.title));
    expect(titles('service')).toEqual(['数据概览', '投诉仲裁', '哈夫币争议', '在线客服', '用户管理', '订单查询']);
    expect(titles('finance')).toEqual(['数据概览', '用户管理', '订单查询', '提现审核', '待审批', '结算与账目', '站点设置']);
    expect(titles('operations')).toContain('弹窗广告');
    expect(titles('operations')).not.toContain('操作日志');
    expect(titles('admin')).toHaveLength(OPS_ROUTES.filter((route) => route.group !== null).length);
  });

  it('lands every role on the overview', () => {
    for (const role of OPS_ROLES) expect(opsHomeFor(role)).toBe('/ops');
  });

  it('has every console path under /ops, once', () => {
    const paths = OPS_ROUTES.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.every((path) => path === '/ops' || path.startsWith('/ops/'))).toBe(true);
  });
});

describe('safeOpsNext: where the sign-in page may send an operator', () => {
  it.each([
    ['/ops/complaints', '/ops/complaints'],
    ['/ops/complaints/detail?id=5', '/ops/complaints/detail?id=5'],
    ['/ops', '/ops'],
    ['//evil.example/ops', null],
    ['https://evil.example/ops', null],
    ['/ops\\@evil.example', null],
    ['/opsx/../account', null],
    ['/ops/../account', null],
    ['/ops/%2e%2e/account', null],
    ['/ops/\t/x', null],
    ['/ops%5C@evil.example', null],
    ['/ops/%0A', null],
    ['/ops/login', null],
    ['/ops/login?next=/ops', null],
    ['/account/personal', null],
    ['', null],
    [null, null],
  ])('%s → %s', (next, expected) => {
    expect(safeOpsNext(next)).toBe(expected);
  });
});
