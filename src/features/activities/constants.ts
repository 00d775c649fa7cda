/**
 * The activities feature's constants (the spec's numbers and the limits we chose, see
 * docs/decisions.md): only this feature uses them. Shared ones stay in
 * platform/config/constants.ts. Units are in the names: _MS, _S, _FEN.
 */

/** Submissions per client IP per hour, and per phone per day. */
export const INVEST_PER_IP_PER_HOUR = 5;
export const INVEST_PER_PHONE_PER_DAY = 3;

// Invitations and activities (推广 account_extension, /activity/newuser_ranking, free_order, lottery)

/** Gold coins the inviter gets when an invitee's first paid rental ends (once per invitee). */
export const INVITE_REWARD_COINS = 200;
/** IP burst: of one inviter's invitees registered from one address within this window ... */
export const INVITE_IP_BURST_WINDOW_MS = 24 * 60 * 60 * 1000;
/** ... only this many pay; the next ones are refused as a burst. */
export const INVITE_IP_BURST_MAX = 3;
/** Why an invitation did not pay (invitations.refuse_reason) and how the page says it. */
export const INVITE_REFUSALS = { same_phone: '同一手机号', same_device: '同一设备', ip_burst: '同一网络短时大量注册' } as const;
export const NEWUSER_RANKING_PRIZES = [
  { fromRank: 1, toRank: 1, coins: 5000 },
  { fromRank: 2, toRank: 2, coins: 3000 },
  { fromRank: 3, toRank: 3, coins: 2000 },
  { fromRank: 4, toRank: 10, coins: 500 },
] as const;
/** Rows the ranking shows. */
export const NEWUSER_RANKING_SIZE = 20;
/**
 * Days after a ranking window ends before its prizes are paid: the window's last invitations count
 * once the invitee's first paid rental has ended (a rental is at most days long).
 */
export const NEWUSER_RANKING_PRIZE_DELAY_DAYS = 7;
/** Draw chances: one per rewarded invitation (to the inviter), one for registering with an invite code (to the new user). */
export const LOTTERY_CHANCE_SOURCES = { invite: 'invite', register: 'register' } as const;
export const MSG_NO_DRAW_CHANCE = '暂无抽奖机会';
/** /activity/free_order: a user is new for this many days after registering (and until their first rental). */
export const FREE_ORDER_NEW_USER_DAYS = 7;
