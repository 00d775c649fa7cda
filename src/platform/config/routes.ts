/**
 * The one route table (spec §2). Names are spelled as the spec spells them; titles the spec gives
 * are used verbatim, the others are ours (docs/decisions.md). `issue` names the issue that builds
 * the screen's feature; until then the page renders its frame and an honest empty state.
 */
/**
 * The spec §2 group a route is listed in. It is not the frame a page draws: the content pages of
 * the standalone group (help, ContactUs, download, VIPSubscribe, 404, business-invest) render in
 * the main frame with the site header (docs/decisions.md "One frame for content pages").
 */
/** 'seller' is ours: the seller's pages under /seller, in the account area's look. */
export type RouteLayout = 'standalone' | 'main' | 'account' | 'seller';

export interface RouteMeta {
  /** Hide the floating buttons (online service, download, contact, complaint, back to top). */
  hideFloat?: boolean;
  /** Only signed-in users see the content (spec §6). */
  requiresLogin?: boolean;
  /**
   * The HTML is the same for every visitor of a URL (no per-user data; the token lives in the
   * browser), so the page cache may keep it (src/platform/edge/cached-pages.ts).
   */
  cacheable?: boolean;
}

export interface RouteDef {
  name: string;
  /** Path pattern; `:param` marks a dynamic segment. */
  path: string;
  title: string;
  layout: RouteLayout;
  meta: RouteMeta;
  /** Issue number that delivers the feature behind this screen. */
  issue: number;
}

const r = (name: string, path: string, title: string, layout: RouteLayout, issue: number, meta: RouteMeta = {}): RouteDef => ({
  name,
  path,
  title,
  layout,
  meta,
  issue,
});

export const ROUTES: readonly RouteDef[] = [
  // Standalone routes
  r('404', '/404', '页面不存在', 'standalone', 2),
  r('502', '/502', '服务器出错', 'standalone', 2),
  r('VIPSubscribe', '/VIPSubscribe', 'VIP订阅', 'standalone', 5),
  r('help', '/help', '帮助中心', 'standalone', 16, { cacheable: true }),
  // The help centre's own pages: search results, then one page per help document. Search
  // comes first: /help/search would match :slug too (the slug `search` is reserved).
  r('help_search', '/help/search', '搜索帮助', 'standalone', 16, { cacheable: true }),
  r('ContactUs', '/ContactUs', '联系我们', 'standalone', 16, { cacheable: true }),
  // 《平台服务协议》 and 《隐私政策》, the version in force or ?v=N; titled with the document's name.
  r('agreement', '/agreement/:document', '用户协议', 'main', 25, { cacheable: true }),
  r('deleted_page', '/error-deleted', '账号已删除', 'standalone', 2),
  r('bind', '/bind', '绑定手机号', 'standalone', 4),
  r('business-invest', '/business-invest', '招商合作', 'standalone', 16),
  r('newuser_ranking', '/activity/newuser_ranking', '新人排行榜', 'standalone', 16),
  r('free_order', '/activity/free_order', '免单活动', 'standalone', 16),
  r('download', '/download', '下载', 'standalone', 16, { cacheable: true }),
  r('redirect', '/redirect', '正在跳转七鱼客服...', 'standalone', 15, { hideFloat: true }),
  r('register', '/register', '注册', 'standalone', 4, { hideFloat: true }),
  r('rank_register', '/rank_register', '注册', 'standalone', 4, { hideFloat: true }),
  // Sandbox stand-ins, outside production only: the SMS/email outbox (docs/sign-in-api.md).
  r('sandbox_outbox', '/sandbox/outbox', '沙箱发件箱', 'standalone', 4, { hideFloat: true }),
  // Second-device pages of QR login (docs/sign-in-api.md "QR login"): a phone opens what the QR encodes.
  r('sandbox_qr', '/sandbox/qr/:code', '扫码授权', 'standalone', 4, { hideFloat: true }),
  r('sandbox_pay', '/sandbox/pay/:payNo', '沙箱收银台', 'standalone', 5, { hideFloat: true }),
  r('qr_app_confirm', '/qr/app/:code', '确认登录', 'standalone', 4, { hideFloat: true }),

  // Main layout
  r('home', '/', '首页', 'main', 3, { cacheable: true }),
  r('zuhao', '/zuhao.html', '租号大厅', 'main', 3, { cacheable: true }),
  r('zuhao_game', '/zuhao/:game_id.html', '租号大厅', 'main', 3, { cacheable: true }),
  r('detail', '/detail/:id.html', '账号详情', 'main', 3, { cacheable: true }),
  r('tejia', '/tejia.html', '特价', 'main', 3, { cacheable: true }),
  r('tejia_game', '/tejia/:game_id.html', '特价', 'main', 3, { cacheable: true }),
  r('free', '/free', '免费玩', 'main', 3, { cacheable: true }),
  r('dianpu', '/dianpu', '店铺', 'main', 3, { cacheable: true }),
  r('svip', '/svip', 'SVIP', 'main', 5, { cacheable: true }),
  r('rstpwd', '/rstpwd', '重置密码', 'main', 4),
  r('pay-result', '/pay-result', '支付结果', 'main', 5),
  // WeChat Pay Native shows its code as a QR on our own page (docs/providers-payment.md).
  r('pay_wechat', '/pay/wechat/:payNo', '微信支付', 'main', 5),
  r('Notice', '/Notice', '公告', 'main', 3, { cacheable: true }),
  r('NoticeDetail', '/NoticeDetail', '公告详情', 'main', 3, { cacheable: true }),
  // A help document, titled with its own title as a listing's detail page is.
  r('help_page', '/help/:slug', '帮助中心', 'main', 16, { cacheable: true }),
  r('task', '/task', '任务大厅', 'main', 16),
  r('task-publish', '/task-publish', '发布任务', 'main', 16, { requiresLogin: true }),

  // Account area: /account redirects to personal
  r('personal', '/account/personal', '个人中心', 'account', 5, { requiresLogin: true }),
  r('system', '/account/system', '账号设置', 'account', 16, { requiresLogin: true }),
  r('order', '/account/order', '我的订单', 'account', 5, { requiresLogin: true }),
  r('assess', '/account/assess', '我的评价', 'account', 5, { requiresLogin: true }),
  r('assessInfo', '/account/assessInfo', '评价详情', 'account', 5, { requiresLogin: true }),
  r('complain', '/account/complain', '我的投诉', 'account', 5, { requiresLogin: true }),
  r('collect', '/account/collect', '我的收藏', 'account', 5, { requiresLogin: true }),
  r('footprint', '/account/footprint', '我的足迹', 'account', 16, { requiresLogin: true }),
  r('purse', '/account/purse', '我的钱包', 'account', 5, { requiresLogin: true }),
  r('Recharge', '/account/Recharge', '余额充值', 'account', 5, { requiresLogin: true }),
  r('Withdraw', '/account/Withdraw', '余额提现', 'account', 5, { requiresLogin: true }),
  r('redPacket', '/account/redPacket', '我的红包', 'account', 5, { requiresLogin: true }),
  r('fundsDetail', '/account/fundsDetail', '资金明细', 'account', 5, { requiresLogin: true }),
  r('account_goldCoin', '/account/account_goldCoin', '我的金币', 'account', 5, { requiresLogin: true }),
  r('account_extension', '/account/account_extension', '推广赚钱', 'account', 16, { requiresLogin: true }),
  r('account_notify', '/account/account_notify', '消息通知', 'account', 14, { requiresLogin: true }),
  r('notify_detail', '/account/notify_detail', '消息详情', 'account', 14, { requiresLogin: true }),
  r('account_besimilar', '/account/account_besimilar', '找相似', 'account', 16, { requiresLogin: true }),
  r('unactive_account', '/account/unactive_account', '注销账号', 'account', 16, { requiresLogin: true }),
  r('unactive_result', '/account/unactive_result', '注销结果', 'account', 16, { requiresLogin: true }),

  // The seller side (not in the spec, docs/decisions.md "Seller pages").
  r('seller', '/seller', '卖家中心', 'seller', 13, { requiresLogin: true }),
  r('seller_apply', '/seller/apply', '卖家认证', 'seller', 13, { requiresLogin: true }),
  r('seller_listings', '/seller/listings', '我的出租', 'seller', 13, { requiresLogin: true }),
  r('seller_listing_new', '/seller/listings/new', '发布账号', 'seller', 13, { requiresLogin: true }),
  r('seller_listing_edit', '/seller/listings/edit', '编辑账号', 'seller', 13, { requiresLogin: true }),
  r('seller_orders', '/seller/orders', '出租订单', 'seller', 13, { requiresLogin: true }),
  r('seller_earnings', '/seller/earnings', '收益结算', 'seller', 13, { requiresLogin: true }),
];

/** Spec §2: the floating buttons are hidden on these route names (advertise has no screen of its own yet). */
export const FLOAT_HIDDEN_ROUTE_NAMES: ReadonlySet<string> = new Set([
  'advertise',
  'business-invest',
  'register',
  'newuser_ranking',
  'free_order',
]);

export const ACCOUNT_HOME_PATH = '/account/personal';

const BY_NAME = new Map(ROUTES.map((route) => [route.name, route]));

export function routeByName(name: string): RouteDef {
  const route = BY_NAME.get(name);
  if (!route) throw new Error(`Unknown route name: ${name}`);
  return route;
}

export const ACCOUNT_ROUTES: readonly RouteDef[] = ROUTES.filter((route) => route.layout === 'account');
export const SELLER_ROUTES: readonly RouteDef[] = ROUTES.filter((route) => route.layout === 'seller');

/** Spec §2: floating buttons are hidden on the listed route names and on routes whose meta hides them. */
export function isFloatHidden(route: Pick<RouteDef, 'name' | 'meta'>): boolean {
  return FLOAT_HIDDEN_ROUTE_NAMES.has(route.name) || route.meta.hideFloat === true;
}

function patternToRegExp(pattern: string): RegExp {
  const escaped = pattern
    .split('/')
    .map((segment) => segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:([A-Za-z_]+)/g, '(?<$1>[^/]+?)'))
    .join('/');
  return new RegExp(`^${escaped}/?$`);
}

const MATCHERS = ROUTES.map((route) => ({ route, regexp: patternToRegExp(route.path) }));

export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string>;
}

/** Spec §2: an unknown route goes to the route named 404. */
export function matchRoute(pathname: string): RouteMatch {
  for (const { route, regexp } of MATCHERS) {
    const found = regexp.exec(pathname);
    if (found) return { route, params: { ...found.groups } };
  }
  return { route: routeByName('404'), params: {} };
}
