/**
 * Help pages for the help search bench (scripts/bench-help-search.ts): plausible Chinese help text
 * from a pool of sentences, deterministic so runs compare.
 */
import { HELP_TYPES } from '../src/features/content/constants';
import type { ShippedHelpPage } from '../src/features/content/server/help';

const SENTENCES = [
  '租号前请先完成实名认证，未成年人请在监护人指导下合理安排游戏时间。',
  '部分账号需要押金，押金在租期结束、账号正常归还后原路退回。',
  '时段租按下单时刻所在的时段计算，每个时段有固定的租用窗口和时长。',
  '开通 VIP 后，支持会员折扣的账号按 8.8 折计价，单笔订单最多优惠 2 元。',
  '三角洲行动哈夫币号按账号内哈夫币数量分档展示，租用时按兑换比例预付哈夫币费用。',
  '下单并支付后，在我的订单中查看上号方式和剩余时间。',
  '预约订单可以在开始前取消，退款比例按距开始的时间计算。',
  '请勿修改所租账号的密码、绑定信息或进行交易，违规将扣除押金并封禁租号权限。',
  '平台不会以任何理由索要您的登录密码或短信验证码。',
  '连续输错密码超过 3 次后，登录需要完成滑块验证。',
  '红包分为折扣红包和满减红包，订单金额需达到红包的使用门槛。',
  '号主可在卖家中心发布账号，设置时租价格、押金和可租时段。',
  '提现申请提交后，资金将在审核通过后打款到您绑定的支付宝账户。',
  '如遇账号无法登录，请先确认游戏大区与平台，再联系在线客服处理。',
  '续租需在当前租期结束前完成，续租时长按所选租期计算。',
  '投诉建议提交后，客服会在 24 小时内联系您核实情况。',
  '免费玩活动每日限领一次，领取后需在规定时间内开始游戏。',
  '店铺认证和商家认证需要提交营业资质，审核通过后享受更低的平台佣金。',
  '上号器会自动填写账号信息，请在电脑端下载并保持其为最新版本。',
  '退款将原路返回，余额支付的订单退回钱包，第三方支付的订单退回原支付账户。',
];
const TOPICS = ['租号', '押金', '退款', '时段租', '会员', '红包', '账号安全', '上号器', '提现', '投诉', '预约', '免费玩', '商家认证', '续租', '哈夫币'];
const EXTRA_TYPES = ['游戏专区', '卖家指南'];

/** `count` pages of about 1,500 characters of plain text each, slugs bench-1 ... bench-N. */
export function generatedHelpPages(count: number): ShippedHelpPage[] {
  let seed = 20_260_315;
  const next = (): number => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const pick = <T,>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const paragraph = (sentences: number): string => Array.from({ length: sentences }, () => pick(SENTENCES)).join('');
  const types = [...HELP_TYPES, ...EXTRA_TYPES];
  return Array.from({ length: count }, (_, index) => {
    const topic = pick(TOPICS);
    const body = [
      `## ${topic}须知`,
      '',
      paragraph(8),
      '',
      paragraph(8),
      '',
      `- ${pick(SENTENCES)}`,
      `- ${pick(SENTENCES)}`,
      `- **注意**：${pick(SENTENCES)}`,
      '',
      `## 常见问题`,
      '',
      paragraph(8),
      '',
      paragraph(8),
      '',
      paragraph(8),
      '',
      '| 项目 | 说明 |',
      '| --- | --- |',
      `| ${topic} | ${pick(SENTENCES)} |`,
      '',
      `更多内容见[帮助中心](/help)。`,
    ].join('\n');
    return { slug: `bench-${index + 1}`, type: types[index % types.length]!, title: `${topic}问题解答 第${index + 1}篇`, order: index, bodyMd: body };
  });
}

