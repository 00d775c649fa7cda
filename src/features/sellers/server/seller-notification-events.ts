/**
 * What the platform's decisions tell a seller: certification approved or rejected, a
 * listing approved or rejected, taken down or restored. Like notification-events.ts for renters,
 * each is written by one function inside the console action's transaction, so a decision and its
 * message commit together. The reason the operator gave is in the text: it is what the seller
 * must act on. The links lead to the seller's own pages (src/features/notifications/notification-links.ts).
 */
import { CERT_TYPE_LABEL } from '~/features/sellers/contract/seller';
import type { CertType } from '~/features/sellers/rules/settlement';
import type { DbOrTx } from '~/platform/db/client';
import { notify } from '~/features/notifications/server';

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
