/**
 * The demo's site settings: contacts clearly marked 演示, a placeholder official account and the
 * launcher manifest of the demo files with the files themselves (seed/downloads.ts). Stored only where the key has no value yet, so an
 * operator's change survives a restart; a production install (no demo seed) has neither and its
 * pages say so honestly.
 */
import type { SiteContacts } from '~/features/content/contract/site-settings';
import type { Db } from '~/platform/db/client';
import { siteSettings } from '~/platform/db/schema';
import { demoDownloadManifest, seedDemoDownloadFiles } from '~/app/seed/downloads';

export const DEMO_CONTACTS: SiteContacts = {
  notice: '以下为演示站点的演示联系方式，并非真实客服渠道；运营人员可在运营后台「站点设置」中修改。',
  channels: [
    { label: '客服热线（演示）', value: '010-00000000', note: '演示号码 · 每天 09:00-24:00' },
    { label: '客服邮箱（演示）', value: 'kefu@demo.invalid', note: '演示地址 · 1 个工作日内回复' },
    { label: '商务合作（演示）', value: 'bd@demo.invalid', note: '演示地址 · 号商入驻、渠道合作' },
  ],
};

/** A placeholder follow link, so the demo shows the 关注公众号 prompts (spec §8). */
export const DEMO_OFFICIAL_ACCOUNT = {
  enabled: true,
  follow_url: 'https://weixin.qq.com/r/demo-official-account',
  text: '微信扫一扫，关注公众号',
  texts: {
    'pay-result': '微信扫码关注公众号，租号开始、到期提醒第一时间送达',
    order: '微信扫码关注公众号，订单状态变化及时提醒',
  },
};

export async function seedDemoSettings(db: Db, now: Date): Promise<{ seeded: boolean }> {
  const inserted = await db
    .insert(siteSettings)
    .values([
      { key: 'site.contacts', value: DEMO_CONTACTS, updatedAt: now },
      { key: 'download.manifest', value: demoDownloadManifest(), updatedAt: now },
      { key: 'wechat.official_account', value: DEMO_OFFICIAL_ACCOUNT, updatedAt: now },
    ])
    .onConflictDoNothing()
    .returning({ key: siteSettings.key });
  // The bytes the demo manifest offers, in the database like an uploaded build.
  const files = await seedDemoDownloadFiles(db, now);
  return { seeded: inserted.length > 0 || files.seeded };
}
