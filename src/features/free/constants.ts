/**
 * The free feature's constants (the spec's numbers and the limits we chose, see
 * docs/decisions.md): only this feature uses them. Shared ones stay in
 * platform/config/constants.ts. Units are in the names: _MS, _S, _FEN.
 */

// Free rentals (free orders)
// spec §7 free group: games, create order, list, free count, promotion, orders.
/** Free rentals a signed-in user may start per Shanghai calendar day. */
export const FREE_RENTALS_PER_DAY = 1;
/** The platform's free-play campaign (the promotion banner of /free and free/promotion). */
export const FREE_PROMOTION_TITLE = '每日免费玩';
export const FREE_PROMOTION_TEXT = `每天免费玩${FREE_RENTALS_PER_DAY}次，热门账号免费租1小时起`;
/** The free list: page size by default and at most. */
export const FREE_LIST_PAGE_SIZE_DEFAULT = 20;
export const FREE_LIST_PAGE_SIZE_MAX = 50;
/** A free order for an account without an offer running now (400). */
export const MSG_FREE_OFFER_INACTIVE = '该账号当前没有进行中的免费活动';
/** A free order past the day's allowance (409); cancelled free orders of the day still count. */
export const MSG_FREE_DAILY_LIMIT_REACHED = '今日免费次数已用完，明天再来吧';
export const FREE_ORDER_ACTION = '免费玩';

// Free-rental coupons (免费租号券; spec §1, §7 free "coupons"; docs/decisions.md "Free-rental coupons")
/** GET free/coupons answers at most this many usable coupons, soonest to expire first. */
export const FREE_COUPONS_MAX = 100;
/** A coupon id that is not the caller's free-rental coupon (404): missing, someone else's, or an envelope. */
export const MSG_FREE_COUPON_NOT_FOUND = '没有找到这张免费租号券';
/** A coupon already spent on a free rental (409); a cancelled coupon rental does not give it back. */
export const MSG_FREE_COUPON_USED = '这张免费租号券已使用过';
/** A coupon at or past its expiry (409). */
export const MSG_FREE_COUPON_EXPIRED = '这张免费租号券已过期';
/** A coupon used on a listing without a free offer running now (400). */
export const MSG_FREE_COUPON_NOT_FREE_LISTING = '该账号不在免费专区（当前没有进行中的免费活动），免费租号券只能用于免费专区的账号';
/** The day's free rental is used and the renter holds a usable coupon (409). */
export const MSG_FREE_DAILY_LIMIT_USE_COUPON = '今日免费次数已用完，可以使用免费租号券再免费玩';
/** Empty states: no usable coupon. */
export const MSG_FREE_COUPONS_NONE = '暂无可用的免费租号券';
