/**
 * What the platform's decisions tell a seller: certification approved or rejected, a
 * listing approved or rejected, taken down or restored. Like notification-events.ts for renters,
 * each is written by one function inside the console action's transaction, so a decision and its
 * message commit together. The reason the operator gave is in the text: it is what the seller
 * must act on. The links lead to the seller's own pages (src/features/notifications/notification-links.ts).
 */
import { eq } from 'drizzle-orm';
import { CERT_TYPE_LABEL } from '~/features/sellers/contract/seller';
import type { CertType } from '~/features/sellers/rules/settlement';
import type { DbOrTx } from '~/platform/db/client';
import { listings, shops, type OrderRow } from '~/platform/db/schema';
import { fenToYuanShort } from '~/platform/rules/money';
import { formatShanghaiMonthDayTime } from '~/platform/rules/shanghai-time';
import { notify, sellerOrderLink, type Notice } from '~/features/notifications/server';

/** Whom a message about a listing's rental goes to, and the listing's title it names. */
export interface ListingOwner {
  ownerUserId: number;
  title: string;
}

/** The listing's owner and title, for a message about one of its rentals; null for a listing gone. */
async function ownerOf(tx: DbOrTx, listingId: number | null): Promise<ListingOwner | null> {
  if (listingId === null) return null;
  const [row] = await tx
    .select({ ownerUserId: shops.ownerUserId, title: listings.title })
    .from(listings)
    .innerJoin(shops, eq(shops.id, listings.shopId))
    .where(eq(listings.id, listingId));
  return row ?? null;
}

/**
 * A renter paid for a rental of the owner's listing (or took it free): the owner hears which
 * account, when, and for how much; the link opens that order in 出租订单, never the renter's page.
 * openRentalEarnings writes it in one insert with the renter's own message of the same event.
 */
export function listingRentedNotice(order: Pick<OrderRow, 'id' | 'orderNo' | 'startsAt' | 'endsAt' | 'payFen' | 'isFree'>, owner: ListingOwner): Notice {
  const span = order.startsAt && order.endsAt ? `，租期 ${formatShanghaiMonthDayTime(order.startsAt)} 至 ${formatShanghaiMonthDayTime(order.endsAt)}` : '';
  const money = order.isFree ? '（免费租号）' : `，租金 ¥${fenToYuanShort(order.payFen)}`;
  return {
    userId: owner.ownerUserId,
    input: {
      type: 'seller_rented',
      title: '账号已被租用',
      content: `您的账号「${owner.title}」已被租用，订单 ${order.orderNo}${span}${money}。租期结束并过结算期后收益将自动结算到余额。`,
      params: { order_no: order.orderNo, link: sellerOrderLink(order.orderNo) },
      dedupeKey: `seller_rented:${order.id}`,
    },
  };
}

/** A renter filed a complaint on the owner's rental: the owner hears it at once and can answer in 出租订单. */
export async function notifyComplaintFiled(tx: DbOrTx, complaint: { id: number; orderNo: string; listingId: number | null }, now: Date): Promise<void> {
  const owner = await ownerOf(tx, complaint.listingId);
  if (!owner) return;
  await notify(
    tx,
    owner.ownerUserId,
    {
      type: 'seller_complaint',
      title: '出租订单收到投诉',
      content: `租客对您的出租订单 ${complaint.orderNo}（账号「${owner.title}」）发起了投诉。请在出租订单中查看并回复，平台客服将根据双方说明处理；处理期间该订单收益暂缓结算。`,
      params: { order_no: complaint.orderNo, complaint_id: complaint.id, link: sellerOrderLink(complaint.orderNo) },
      dedupeKey: `seller_complaint:${complaint.id}`,
    },
    now,
  );
}

/**
 * A renter reported "cannot log in" on the owner's rental: the rental stopped and the renter was
 * refunded at once. The owner hears what it costs them, that they may answer (已修改密码 or 申诉)
 * until `answerUntil`, and whether the listing left the shelf; the link opens the order in 出租订单.
 */
export async function notifyLoginFailure(
  tx: DbOrTx,
  report: { caseId: number; orderNo: string; listingId: number; compensationFen: number; answerUntil: Date; tookDown: boolean },
  now: Date,
): Promise<void> {
  const owner = await ownerOf(tx, report.listingId);
  if (!owner) return;
  const shelf = report.tookDown
    ? '该账号近期多次无法登录，已被自动下架，请修改后联系客服恢复。'
    : '该账号已暂停出租，修改密码后点击「已修改密码」即可恢复上架。';
  await notify(
    tx,
    owner.ownerUserId,
    {
      type: 'seller_login_failure',
      title: '租客上报账号无法登录',
      content: `租客上报您的出租订单 ${report.orderNo}（账号「${owner.title}」）无法登录，订单已终止并全额退款给租客，您需赔付租客 ¥${fenToYuanShort(report.compensationFen)}。${shelf}如有异议，请在 ${formatShanghaiMonthDayTime(report.answerUntil)} 前在出租订单中申诉并上传证据。`,
      params: { order_no: report.orderNo, case_id: report.caseId, took_down: report.tookDown, link: sellerOrderLink(report.orderNo) },
      dedupeKey: `seller_login_failure:${report.caseId}`,
    },
    now,
  );
}

/** One release batch's earnings of one seller, summed: a shop with many rentals gets one message, not one per order. */
export async function notifyEarningsReleased(tx: DbOrTx, sellerUserId: number, released: { orderIds: readonly number[]; amountFen: number }, now: Date): Promise<void> {
  if (released.orderIds.length === 0 || released.amountFen <= 0) return;
  await notify(
    tx,
    sellerUserId,
    {
      type: 'seller_earnings',
      title: '出租收益已到账',
      content: `${released.orderIds.length}笔出租订单的收益共 ¥${fenToYuanShort(released.amountFen)} 已结算到您的余额，可在收益结算中查看明细。`,
      params: { order_count: released.orderIds.length, amount_fen: released.amountFen },
      // Each order is released once, so its smallest id names the batch.
      dedupeKey: `seller_earnings:${sellerUserId}:${Math.min(...released.orderIds)}`,
    },
    now,
  );
}

export async function notifyCertificationDecided(
  tx: DbOrTx,
  application: { userId: number; certType: number; shopName: string; rejectReason: string | null },
  approved: boolean,
  now: Date,
): Promise<void> {
  const type = CERT_TYPE_LABEL[application.certType as CertType] ?? '卖家';
  await notify(
    tx,
    application.userId,
    approved
      ? {
          type: 'seller_certification',
          title: '卖家认证已通过',
          content: `您的${type}认证「${application.shopName}」已通过审核，现在可以在卖家中心发布账号了。`,
          params: { approved: true },
        }
      : {
          type: 'seller_certification',
          title: '卖家认证未通过',
          content: `您的${type}认证「${application.shopName}」未通过审核。驳回原因：${application.rejectReason ?? ''}。请修改后重新提交。`,
          params: { approved: false },
        },
    now,
  );
}

interface ListingRef {
  id: number;
  title: string;
}

export async function notifyListingReviewed(tx: DbOrTx, sellerUserId: number, listing: ListingRef & { isListed: boolean; reviewReason: string | null }, approved: boolean, now: Date): Promise<void> {
  await notify(
    tx,
    sellerUserId,
    approved
      ? {
          type: 'seller_listing',
          title: '账号审核已通过',
          content: `您的账号「${listing.title}」（编号 ${listing.id}）已通过审核${listing.isListed ? '，租客现在可以看到并租用。' : '。'}`,
          params: { listing_id: listing.id },
        }
      : {
          type: 'seller_listing',
          title: '账号审核未通过',
          content: `您的账号「${listing.title}」（编号 ${listing.id}）未通过审核。驳回原因：${listing.reviewReason ?? ''}。修改后保存即重新提交审核。`,
          params: { listing_id: listing.id },
        },
    now,
  );
}

export async function notifyListingHeld(tx: DbOrTx, sellerUserId: number, listing: ListingRef, reason: string, now: Date): Promise<void> {
  await notify(
    tx,
    sellerUserId,
    {
      type: 'seller_listing',
      title: '账号已被平台下架',
      content: `您的账号「${listing.title}」（编号 ${listing.id}）已被平台下架。原因：${reason}。已支付的订单照常进行；处理后请联系客服恢复。`,
      params: { listing_id: listing.id },
    },
    now,
  );
}

export async function notifyListingRestored(tx: DbOrTx, sellerUserId: number, listing: ListingRef & { isListed: boolean }, now: Date): Promise<void> {
  await notify(
    tx,
    sellerUserId,
    {
      type: 'seller_listing',
      title: '账号已恢复',
      content: `您的账号「${listing.title}」（编号 ${listing.id}）已由平台恢复${listing.isListed ? '，租客现在可以看到并租用。' : '，上架并通过审核后租客即可看到。'}`,
      params: { listing_id: listing.id },
    },
    now,
  );
}

/** A renter reported the coins left on the owner's hafu-coin account: the owner accepts or disputes in 出租订单 before `deadline`. */
export async function notifyHafuReported(
  tx: DbOrTx,
  ownerUserId: number,
  report: { orderId: number; orderNo: string; startCoins: number; renterCoins: number; deadline: Date },
  now: Date,
): Promise<void> {
  await notify(
    tx,
    ownerUserId,
    {
      type: 'hafu_settlement',
      title: '租客已报告剩余哈夫币',
      content: `出租订单 ${report.orderNo} 的租客报告剩余哈夫币 ${report.renterCoins.toLocaleString('zh-CN')} 个（开始时 ${report.startCoins.toLocaleString('zh-CN')} 个）。请在 ${formatShanghaiMonthDayTime(report.deadline)} 前确认或提出异议，逾期按租客报告结算。`,
      params: { order_no: report.orderNo, link: sellerOrderLink(report.orderNo) },
      dedupeKey: `hafu_reported:${report.orderId}`,
    },
    now,
  );
}

/** The hafu coins of the owner's rental were settled: what the used coins paid them (no commission). */
export async function notifyHafuSettledToOwner(tx: DbOrTx, ownerUserId: number, settled: { orderId: number; orderNo: string; usedCoins: number; ownerFen: number }, now: Date): Promise<void> {
  await notify(
    tx,
    ownerUserId,
    {
      type: 'hafu_settlement',
      title: '哈夫币已结算',
      content:
        settled.ownerFen > 0
          ? `出租订单 ${settled.orderNo} 使用哈夫币 ${settled.usedCoins.toLocaleString('zh-CN')} 个，¥${fenToYuanShort(settled.ownerFen)} 已结算到您的余额。`
          : `出租订单 ${settled.orderNo} 的哈夫币已结算：未使用哈夫币，预充款已退还租客。`,
      params: { order_no: settled.orderNo, link: sellerOrderLink(settled.orderNo) },
      dedupeKey: `hafu_settled_owner:${settled.orderId}`,
    },
    now,
  );
}
