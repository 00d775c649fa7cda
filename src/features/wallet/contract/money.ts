/**
 * The wire contract of renting and money (docs/money-api.md; spec §7 groups order, detail "recharge /
 * VIP plan order / pay status", account "wallets / withdraw / alipay account / gold", vip): request
 * and answer shapes, business codes and enums. The browser client (features/wallet/client/money.ts), the islands,
 * the services and the endpoints all read them from here. Money comes as yuan strings ("12.50")
 * beside integer fen (`*_fen`).
 */
import type { RentalOption } from '~/features/orders/rules/periods';
import type { OrderKindName, PayStatusCode } from '~/features/orders/rules/order-status';
import type { ComplaintOutcome } from '~/features/complaints/rules/complaint-decision';
import type { ComplaintAnswerView } from '~/features/sellers/contract/seller-earnings';

export type { Page } from '~/platform/wire/common';

export { IDEMPOTENCY_HEADER } from '~/platform/wire/common';

/** Business codes beyond success/fail (the HTTP status is honest too). */
export const MONEY_CODES = {
  /** 403: spec §6 real-name verification is needed before renting or recharging. */
  realNameRequired: 1003,
  /** 403: spec §6 a bound phone is needed for complaints (msg 当前账号未绑定手机号). */
  phoneRequired: 1004,
  /** 409: the wallet balance does not cover the payment. */
  insufficientBalance: 1005,
  /** 409: the listing's window is taken (msg 该账号此时段已被租用). */
  windowTaken: 1006,
} as const;

/** How an order is paid (the database's pay_channel column takes exactly these). */
export const PAY_CHANNELS = ['wallet', 'alipay', 'wechat'] as const;
export type PayChannel = (typeof PAY_CHANNELS)[number];
export type GatewayChannel = Exclude<PayChannel, 'wallet'>;
export const PAY_CHANNEL_LABEL: Readonly<Record<PayChannel, string>> = { wallet: '余额支付', alipay: '支付宝', wechat: '微信支付' };

// ---------------------------------------------------------------------------------------------
// wallet

/** spec §3 walletsInfo. */
export interface WalletInfo {
  balance: string;
  balance_fen: number;
  /** Money on its way out (withdrawals in progress). */
  frozen: string;
  frozen_fen: number;
  /** 1 while a VIP plan runs. */
  vip_status: 0 | 1;
  vip_expires_at: string | null;
  gold_coins: number;
}

/** POST common/transfer's answer (docs/decisions.md "Transfer and contract signing"). */
export interface TransferResult {
  transfer_no: string;
  amount: string;
  amount_fen: number;
  /** The sender's balance after it. */
  balance: string;
  balance_fen: number;
  /** Who received it, masked as the profile shows a phone (138****0001), with their nickname. */
  to_mobile: string;
  to_nickname: string;
  created_at: string;
}

/** Why a balance changed: one ledger row per change (the database's kind column takes exactly these). */
export const LEDGER_KINDS = [
  'demo_credit',
  'recharge',
  'order_pay',
  'renew_pay',
  'vip_pay',
  'hafu_charge',
  'order_refund',
  'deposit_return',
  'hafu_refund',
  'pay_surplus',
  'withdraw',
  'withdraw_cancel',
  'earning_release',
  // complaint decisions
  'complaint_refund',
  'refund_clawback',
  'complaint_penalty',
  // a finance operator's credit or debit with a reason, signed
  'ops_adjust',
  // withdrawal review: a refused withdrawal's amount back in the balance
  'withdraw_refuse',
  // payouts: the provider refused the transfer and the amount came back
  'withdraw_fail',
  // deregistration: the balance the user agreed to give up
  'deactivation_forfeit',
  // hafu-coin settlement: the used coins' prepay to the listing's owner (docs/decisions.md "Hafu-coin settlement")
  'hafu_settle',
  // "cannot log in" in one click: the owner's compensation paid to the renter, taken back (as far
  // as the balance covers) when an operator reverses the case, and the owner's collected charge returned
  'login_failure_comp',
  'login_failure_comp_back',
  'penalty_return',
  // 转账 (common/transfer): the sender's side and the receiver's, one transfer number for both
  'transfer_out',
  'transfer_in',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** One balance change (资金明细). */
export interface LedgerEntry {
  id: number;
  kind: LedgerKind;
  /** 充值, 租号支付, 押金退还 ... */
  kind_text: string;
  /** Signed: "+100.00", "-12.50". */
  amount: string;
  amount_fen: number;
  balance_after: string;
  balance_after_fen: number;
  /** The order, recharge or withdrawal it belongs to. */
  ref_no: string;
  created_at: string;
}

export type FundsDirection = 'all' | 'in' | 'out';

/**
 * Where the browser goes to pay at a gateway (the sandbox checkout outside production). For WeChat
 * Pay Native it is our own page, `wechatNativePagePath(pay_no)`, that shows the code as a QR.
 */
export interface GatewayCheckout {
  order_no: string;
  pay_no: string;
  checkout_url: string;
}

/** Our page that shows a WeChat Pay Native code as a QR for the payer's phone (route pay_wechat). */
export const wechatNativePagePath = (payNo: string): string => `/pay/wechat/${encodeURIComponent(payNo)}`;

/** What the WeChat Native page shows: the QR only while the payment can still be paid. */
export type WechatNativeQrStatus = 'waiting' | 'paid' | 'closed';

/** GET pay/wechat/qr?pay_no= (Bearer): the payer's own WeChat Native payment (404 for anyone else). */
export interface WechatNativeQr {
  pay_no: string;
  order_no: string;
  subject: string;
  /** Yuan string, "12.50". */
  amount: string;
  amount_fen: number;
  status: WechatNativeQrStatus;
  /** A data:image/svg+xml URL of the code, while `status` is waiting; null otherwise. */
  qr_image: string | null;
  /** ISO time: the order's pay deadline, after which the code no longer pays. */
  pay_deadline: string;
}

// ---------------------------------------------------------------------------------------------
// orders

export interface ProductInfo {
  id: number;
  title: string;
  img: string | null;
  game_name: string;
  role_name: string;
  /** A hafu-coin account: the prepay charge applies. */
  is_hafu: boolean;
  /** Prepay of the account's coins in yuan (game_money / money_exchange_rate); null if not hafu. */
  hafu_prepay: string | null;
}

export interface OrderActions {
  can_pay: boolean;
  can_cancel: boolean;
  can_renew: boolean;
  can_complain: boolean;
  can_view_credentials: boolean;
  /** A paid hafu-coin rental whose prepay is not charged yet. */
  can_charge_game_money: boolean;
  /** A finished rental without a review yet. */
  can_review: boolean;
  /** A running rental the renter may report as "cannot log in" now (features/orders/rules/login-failure.ts). */
  can_report_login_failure: boolean;
}

/** A rental's "cannot log in" side: what a report would give back now, or the report made. */
export interface OrderLoginFailure {
  /** Until when the report may be sent (first reveal + 15 min); null before the details were shown. */
  report_until: string | null;
  /** What a report gives back now (rent not yet refunded, deposit, hafu prepay), and the owner's compensation on top. */
  refund: string;
  refund_fen: number;
  compensation: string;
  compensation_fen: number;
  /** The report made, if any. */
  case: { id: number; status: string; status_text: string; created_at: string } | null;
}

/** POST order/loginFailure: the report, decided at once. */
export interface LoginFailureReport {
  case_id: number;
  order: OrderView;
  /** Given back: rent, deposit, hafu prepay. */
  refund: string;
  refund_fen: number;
  /** The owner's compensation, credited to the renter's balance too. */
  compensation: string;
  compensation_fen: number;
}

/** One order as every order call returns it (spec §3 Order fields plus what the screens need). */
export interface OrderView {
  order_no: string;
  kind: OrderKindName;
  /** 1 待支付, 2 支付中, 3 paid (待开始 / 租赁中 / 已支付 / 已到账), 4 已完成, 5 已取消. */
  order_status: number;
  order_status_text: string;
  pay_status_code: PayStatusCode;
  // rental
  rental_id: number | null;
  rental_option: RentalOption | null;
  /** 时租, 日租, 早场 ... */
  option_label: string | null;
  hours: number | null;
  bonus_hours: number;
  reserved: boolean;
  hire_start_time: string | null;
  hire_end_time: string | null;
  /** A free rental from /free (spec §7 free "create order"): nothing paid, no deposit; cards tag it 免费. */
  is_free: boolean;
  // money (yuan strings; fen twins)
  hire_original_prices: string;
  hire_activity_discount_prices: string;
  hire_vip_discount_prices: string;
  hire_coupon_discount_prices: string;
  hire_real_pay_prices: string;
  deposit: string;
  total: string;
  total_fen: number;
  hire_game_money_prices: string;
  hire_refund_game_money_prices: string;
  refund_amount: string;
  deposit_returned: string;
  red_packet: { id: number; name: string } | null;
  // payment
  pay_channel: PayChannel | null;
  pay_deadline: string;
  paid_at: string | null;
  hire_order_time: string;
  productInfo: ProductInfo | null;
  vip_plan: { id: number; name: string; days: number } | null;
  /** The renter's review of this rental (查看评价 links to it); null while none is written. */
  review_id: number | null;
  actions: OrderActions;
  /** Rentals only: the "cannot log in" button's figures and the report made; null for other kinds. */
  login_failure: OrderLoginFailure | null;
}

/** What the picker sends: a rental id (spec §9) or the option; slots (rental id 3) need the option. */
export interface RentalRequest {
  account_id: number;
  rental_id?: number;
  option?: RentalOption;
  /** Hours of an hourly rental. */
  hours?: number;
  /** Start at now + 30 min (spec §4 reserved rental). */
  reserved?: boolean;
  /** Omitted: the best usable red envelope; null: none; a number: that one. */
  red_packet_id?: number | null;
}

export interface UsableRedPacket {
  id: number;
  name: string;
  /** 满20减5, 8.8折 满15可用 最高减10元 ... */
  label: string;
  discount: string;
  discount_fen: number;
}

/** The server's price of a rental for this user now: VIP, red envelope and deposit applied. */
export interface OrderQuote {
  rental_id: number;
  rental_option: RentalOption;
  option_label: string;
  hours: number;
  bonus_hours: number;
  reserved: boolean;
  starts_at: string;
  ends_at: string;
  original: string;
  activity_discount: string;
  vip_discount: string;
  coupon_discount: string;
  pay: string;
  deposit: string;
  total: string;
  total_fen: number;
  red_packet: UsableRedPacket | null;
  /** Envelopes that give something on this rental, best first. */
  usable_red_packets: UsableRedPacket[];
  is_vip: boolean;
  /** What VIP would save on this rental when the user is not VIP (0 otherwise or when the listing has no VIP discount). */
  vip_saving_fen: number;
  balance_fen: number;
  is_real_name: boolean;
}

export type PayResult = { paid: true; order: OrderView } | ({ paid: false } & GatewayCheckout);

/** spec §7 "GET order info": the status for /pay-result. */
export interface OrderInfo {
  order_no: string;
  kind: OrderKindName;
  order_status: number;
  order_status_text: string;
  pay_status_code: PayStatusCode;
}

/** The account's login details: only the renter, only while the rental runs. */
export interface Credentials {
  login_account: string;
  login_password: string;
  starts_at: string;
  ends_at: string;
  seconds_left: number;
}

/** What cancelling now gives back (spec §4 early-cancel refund); for an unpaid order all zeros. */
export interface CancelPreview {
  percent: number;
  refund: string;
  refund_fen: number;
  deposit: string;
  game_money: string;
  total: string;
  total_fen: number;
}

/** spec §7 "renew check": whether `hours` more fit after the rental and what they cost. */
export interface RenewCheck {
  hours: number;
  new_ends_at: string;
  original: string;
  vip_discount: string;
  pay: string;
  pay_fen: number;
  balance_fen: number;
}

// complaints

export interface ComplaintType {
  type: number;
  name: string;
}

export interface Complaint {
  id: number;
  order_no: string;
  type: number;
  type_name: string;
  content: string;
  /** 1 处理中, 2 已处理. */
  status: number;
  status_text: string;
  reply: string | null;
  created_at: string;
  product_title: string | null;
  /** The listing owner's answers, oldest first; absent from servers that predate them. */
  seller_answers?: ComplaintAnswerView[];
  /** The renter's evidence images (detail URLs). */
  images?: string[];
  /** The platform's decision once handled; null while open. */
  decision?: ComplaintDecisionView | null;
}

/** The platform's decision on a complaint, as the renter reads it. */
export interface ComplaintDecisionView {
  outcome: ComplaintOutcome;
  /** 全额退款, 部分退款, 驳回投诉, 处罚号主. */
  outcome_text: string;
  /** Rent given back to the wallet by this decision (0 for a rejection). */
  refund: string;
  refund_fen: number;
  /** All the rent came back, so a rental that had not ended was ended (its deposit returned at once). */
  ended_rental: boolean;
  /** The operator's written decision. */
  text: string;
  decided_at: string;
}

// ---------------------------------------------------------------------------------------------
// VIP

export interface VipPlan {
  id: number;
  name: string;
  days: number;
  price: string;
  price_fen: number;
  original_price: string;
  original_price_fen: number;
}

export interface VipPlans {
  plans: VipPlan[];
  vip_status: 0 | 1;
  vip_expires_at: string | null;
}

// ---------------------------------------------------------------------------------------------
// withdrawals (to an Alipay account)

export interface AlipayAccount {
  /** 138****0001 / a***@example.com */
  account_masked: string;
  real_name: string;
}

export interface Withdrawal {
  withdraw_no: string;
  amount: string;
  amount_fen: number;
  account_masked: string;
  /**
   * pending 处理中, review 审核中 (waiting for a finance operator), paying 打款中 (sent to the payout
   * provider), done 已到账, cancelled 已取消, refused 已拒绝, failed 打款失败 (money back).
   */
  status: 'pending' | 'done' | 'cancelled' | 'review' | 'refused' | 'paying' | 'failed';
  status_text: string;
  created_at: string;
  finished_at: string | null;
  /** Why an operator refused it (status refused) or the payout failed (status failed), else null. */
  refuse_reason: string | null;
}

// ---------------------------------------------------------------------------------------------
// gold coins

export interface GoldTask {
  key: string;
  name: string;
  coins: number;
  /** The condition is met. */
  done: boolean;
  /** The coins were taken. */
  claimed: boolean;
}

export interface GoldEntry {
  id: number;
  kind_text: string;
  /** Signed coins. */
  amount: number;
  created_at: string;
}

export interface GoldOverview {
  coins: number;
  signed_today: boolean;
  sign_in_coins: number;
  exchange_coins: number;
  /** What one exchange gives, e.g. "1.00" yuan red envelope. */
  exchange_red_packet: string;
  exchanges_left_today: number;
  tasks: GoldTask[];
  history: GoldEntry[];
}
