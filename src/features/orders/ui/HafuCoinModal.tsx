import type { ReactNode } from 'react';
import { HAFU_COIN_TIERS } from '~/platform/config/constants';
import { hafuPrepayFen, hafuTag, hafuTagText, HAFU_TIER_LABEL } from '~/features/orders/rules/hafu';
import { fenToYuan } from '~/platform/rules/money';
import { FigureRow } from '~/platform/ui/FigureRow';
import { Modal } from '~/platform/ui/Modal';
import type { ModalContentProps } from '~/platform/ui/modal-types';

export const HAFU_COIN_TITLE = '哈夫币说明';

/** The listing's own figures, when the modal is opened from one. */
export interface HafuFigures {
  gameMoney: number;
  /** Coins per yuan (money_exchange_rate); null when the listing has none. */
  rate: number | null;
}

/** props.game_money and props.money_exchange_rate when they are usable numbers, else null. */
export function hafuFiguresOf(props: Record<string, unknown>): HafuFigures | null {
  const { game_money: gameMoney, money_exchange_rate: rate } = props;
  if (typeof gameMoney !== 'number' || !Number.isSafeInteger(gameMoney) || gameMoney <= 0) return null;
  const usableRate = typeof rate === 'number' && Number.isFinite(rate) && rate > 0 ? rate : null;
  return { gameMoney, rate: usableRate };
}

/** What the rows say for a listing: 哈夫币 85.5万（855,000个）, the tier, the rate, the prepay. */
export function hafuFigureRows(figures: HafuFigures): { label: string; value: string }[] {
  const tag = hafuTag(figures.gameMoney);
  const rows = [{ label: '账号哈夫币', value: `${tag?.text ?? '0'}（${figures.gameMoney.toLocaleString('zh-CN')}个）` }];
  if (tag?.tierLabel) rows.push({ label: '等级', value: tag.tierLabel });
  const prepayFen = hafuPrepayFen(figures.gameMoney, figures.rate);
  if (figures.rate !== null) rows.push({ label: '兑换比例', value: `${figures.rate.toLocaleString('zh-CN')} 哈夫币/元` });
  rows.push({ label: '需预付', value: prepayFen === null ? '以订单为准' : `¥${fenToYuan(prepayFen)}` });
  return rows;
}

const [ONE_MILLION, TEN_MILLION, HUNDRED_MILLION] = HAFU_COIN_TIERS;
/** The threshold as the tags write it: 100万, 1000万, 1亿. */
const amount = (coins: number): string => hafuTagText(coins) ?? String(coins);

/**
 * The spec §2 hafu-coin explainer. Spec §1: the hafu coin is the shooter game's in-game currency
 * and is prepaid; §9: tags under 1 million in 万, named tiers at 1M, 10M and 100M, prepay =
 * game_money / money_exchange_rate. Opened from a hafu listing's detail, its hall card tag and the
 * checkout with that listing's figures (props game_money, money_exchange_rate), or bare.
 */
export default function HafuCoinModal({ props, onClose }: ModalContentProps): ReactNode {
  const figures = hafuFiguresOf(props);
  return (
    <Modal
      open
      title={HAFU_COIN_TITLE}
      width={480}
      onClose={onClose}
      footer={
        <button type="button" onClick={onClose} className="rounded bg-primary px-5 py-2 text-sm font-medium text-white hover:bg-primary-dark">
          知道了
        </button>
      }
    >
      <div className="space-y-4 text-sm text-neutral-700">
        {figures ? (
          <dl className="space-y-1.5 rounded-lg bg-amber-50 px-4 py-3 ring-1 ring-amber-200" aria-label="本账号哈夫币">
            {hafuFigureRows(figures).map((row) => (
              <FigureRow key={row.label} label={row.label} strong={row.label === '需预付'}>
                {row.value}
              </FigureRow>
            ))}
          </dl>
        ) : null}
        <section>
          <h3 className="mb-1 font-medium text-neutral-900">什么是哈夫币</h3>
          <p>哈夫币是游戏内的货币。哈夫币账号内的哈夫币需要预付：租号开始后，在「我的订单」中预充哈夫币押金，租期结束后未使用的哈夫币按比例退还到余额。</p>
        </section>
        <section>
          <h3 className="mb-1 font-medium text-neutral-900">预付金额怎么算</h3>
          <p>预付金额 = 哈夫币数量 ÷ 兑换比例（每 1 元对应的哈夫币数量），精确到分。</p>
        </section>
        <section>
          <h3 className="mb-1 font-medium text-neutral-900">数量标签</h3>
          <ul className="list-disc space-y-0.5 pl-5">
            <li>不足{amount(ONE_MILLION)}：以“万”显示，如 85.5万</li>
            <li>
              {amount(ONE_MILLION)}起：{HAFU_TIER_LABEL['1m']}；{amount(TEN_MILLION)}起：{HAFU_TIER_LABEL['10m']}；{amount(HUNDRED_MILLION)}起：{HAFU_TIER_LABEL['100m']}
            </li>
          </ul>
        </section>
      </div>
    </Modal>
  );
}
