/**
 * Demo content of the home page: banner ads, announcements and hot search tags.
 *
 * Each table group is seeded on its own when it is empty, so a database seeded before these tables
 * existed (an install that already has its games and listings) gets them on its next start, and a
 * second run changes nothing. Banner links point at games by slug, looked up at seed time, so they
 * follow whatever ids the catalogue got.
 */
import { MS_PER_HOUR } from '~/platform/config/constants';
import { sql } from 'drizzle-orm';
import type { Db } from '~/platform/db/client';
import { announcements, banners, games, hotTags, type NewAnnouncementRow, type NewBannerRow, type NewHotTagRow } from '~/platform/db/schema';


interface BannerSeed {
  title: string;
  /** public/banners/<file>.svg */
  file: string;
  /** A game slug (links to its rental hall) or a site path. */
  target: { gameSlug: string } | { path: string };
}

export const BANNER_SEEDS: readonly BannerSeed[] = [
  { title: '三角洲行动哈夫币号上线', file: 'sjz-hafu', target: { gameSlug: 'sjz' } },
  { title: '王者荣耀 全皮肤号 限时九折', file: 'wzry-skins', target: { gameSlug: 'wzry' } },
  { title: '特价专区 低至五折', file: 'tejia', target: { path: '/tejia.html' } },
  { title: '开通SVIP 租号更省', file: 'svip', target: { path: '/svip' } },
  { title: '无押金也能租', file: 'no-deposit', target: { path: '/zuhao.html?no_deposit=1' } },
];

interface AnnouncementSeed {
  title: string;
  content: string;
  isPinned: boolean;
  /** Published this many hours before the seed ran. */
  hoursAgo: number;
}

export const ANNOUNCEMENT_SEEDS: readonly AnnouncementSeed[] = [
  {
    title: '平台服务协议更新公告',
    isPinned: true,
    hoursAgo: 30,
    content:
      '尊敬的用户：\n\n为更好地保障租号双方的合法权益，平台已更新《平台服务协议》和《隐私政策》，主要调整包括：押金退还时限、提前退租的退款比例说明、账号保险的理赔流程。\n\n更新后的协议自发布之日起生效。继续使用平台服务即表示您已阅读并同意更新后的协议。如有疑问，请联系在线客服。',
  },
  {
    title: '三角洲行动哈夫币号正式上线',
    isPinned: false,
    hoursAgo: 52,
    content:
      '三角洲行动哈夫币号专区正式上线！\n\n哈夫币号按账号内哈夫币数量分档展示（百万、千万、亿级），租用时按号主设定的兑换比例预付哈夫币费用，结算以订单为准。\n\n筛选“哈夫币数量”和“账号类型”即可快速找到合适的账号。',
  },
  {
    title: '防诈骗提醒：请勿脱离平台私下交易',
    isPinned: true,
    hoursAgo: 75,
    content:
      '近期有不法分子冒充平台客服或号主，以“低价租号”“返现”等名义诱导用户添加私人联系方式并转账。\n\n平台郑重提醒：所有租号交易请在平台内完成，平台客服不会向您索要密码或验证码，也不会要求您向个人账户转账。遇到可疑情况请立即联系在线客服或通过投诉建议反馈。',
  },
  {
    title: '周末特惠：精选账号限时折扣',
    isPinned: false,
    hoursAgo: 100,
    content: '本周末特价专区上新数百个精选账号，部分账号支持议价，VIP 会员还可叠加会员折扣（每单最高立减 2 元）。数量有限，租完即止。',
  },
  {
    title: '系统维护通知',
    isPinned: false,
    hoursAgo: 170,
    content: '为提升服务质量，平台将于本周四 02:00-05:00 进行系统维护，维护期间下单和续租功能暂停使用，已生效的订单不受影响。给您带来的不便，敬请谅解。',
  },
  {
    title: '新用户注册领红包',
    isPinned: false,
    hoursAgo: 240,
    content: '新用户注册并完成实名认证后，即可领取新人红包，首单租号可直接抵扣。红包有效期 7 天，请在“我的红包”中查看。',
  },
];

interface HotTagSeed {
  name: string;
  keyword: string;
  /** Absent: the tag searches its keyword in the hall. */
  target?: { gameSlug: string } | { path: string };
}

export const HOT_TAG_SEEDS: readonly HotTagSeed[] = [
  { name: '三角洲行动', keyword: '三角洲行动', target: { gameSlug: 'sjz' } },
  { name: '王者荣耀 国服', keyword: '王者荣耀', target: { gameSlug: 'wzry' } },
  { name: '无押金', keyword: '无押金', target: { path: '/zuhao.html?no_deposit=1' } },
  { name: '哈夫币', keyword: '哈夫币' },
  { name: '和平精英', keyword: '和平精英' },
  { name: '全皮肤', keyword: '全皮肤' },
  { name: '荣耀典藏', keyword: '荣耀典藏' },
  { name: '秒上号', keyword: '秒上号' },
];

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function isEmpty(tx: Tx, table: typeof banners | typeof announcements | typeof hotTags): Promise<boolean> {
  const rows = await tx.select({ id: table.id }).from(table).limit(1);
  return rows.length === 0;
}

/**
 * Inserts the banners, announcements and hot tags whose table is empty. Returns whether it
 * inserted anything. One transaction; the tables are locked first so two processes starting
 * together cannot both insert (PostgreSQL callers also hold the migration advisory lock).
 */
export async function seedHomeContent(db: Db, now: number = Date.now()): Promise<{ seeded: boolean }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${banners}, ${announcements}, ${hotTags} in share row exclusive mode`);
    let seeded = false;

    const gameRows = await tx.select({ id: games.id, slug: games.slug }).from(games);
    const hrefOf = (target: BannerSeed['target']): string => {
      if ('path' in target) return target.path;
      const game = gameRows.find((row) => row.slug === target.gameSlug);
      return game ? `/zuhao/${game.id}.html` : '/zuhao.html';
    };

    if (await isEmpty(tx, banners)) {
      const rows: NewBannerRow[] = BANNER_SEEDS.map((banner, index) => ({
        title: banner.title,
        image: `/banners/${banner.file}.svg`,
        href: hrefOf(banner.target),
        sort: (index + 1) * 10,
        isActive: true,
      }));
      await tx.insert(banners).values(rows);
      seeded = true;
    }

    if (await isEmpty(tx, announcements)) {
      const rows: NewAnnouncementRow[] = ANNOUNCEMENT_SEEDS.map((item) => ({
        title: item.title,
        content: item.content,
        isPinned: item.isPinned,
        publishedAt: new Date(now - item.hoursAgo * MS_PER_HOUR),
      }));
      await tx.insert(announcements).values(rows);
      seeded = true;
    }

    if (await isEmpty(tx, hotTags)) {
      const rows: NewHotTagRow[] = HOT_TAG_SEEDS.map((tag, index) => ({
        name: tag.name,
        keyword: tag.keyword,
        href: tag.target ? hrefOf(tag.target) : null,
        sort: (index + 1) * 10,
      }));
      await tx.insert(hotTags).values(rows);
      seeded = true;
    }

    return { seeded };
  });
}

