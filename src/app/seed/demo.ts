/**
 * Demo data for the embedded start (ARCHITECTURE "migrated and seeded with demo data on first start").
 *
 * - Idempotent: nothing happens when a game already exists.
 * - Atomic: everything is inserted in one transaction, so a crash never leaves half a seed.
 * - Stable: a fixed-seed PRNG decides every number. Only timestamps move with the clock: created_at
 *   is "now minus a fixed offset" so the hall's 最新 sort always shows recent listings.
 * - Fast: a handful of multi-row INSERTs (the listings go in chunks), no per-row round trips.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { ACCOUNT_TYPE_ATTR_NAME, ACCOUNT_TYPE_VALUE, COUPON_TYPE_FIXED, COUPON_TYPE_PERCENTAGE, RED_PACKET_STATUS, RENTAL_TIME_ALL_DAY } from '~/platform/config/constants';
import { CERT_TYPE, THIRD_TYPE_UHAOZU } from '~/features/catalog/constants';
import { hashPassword } from '~/features/sign-in/server';
import { grantRedPackets, type RedPacketGrant } from '~/features/wallet/server';
import type { Db } from '~/platform/db/client';
import { seedHomeContent } from '~/app/seed/home';
import { seedDemoHistory } from '~/app/seed/history';
import { seedDemoFreeOffers } from '~/app/seed/free';
import { seedDemoMoney } from '~/app/seed/money';
import { recountListingStats } from '~/features/catalog/server';
import { seedDemoPopups } from '~/app/seed/popups';
import { seedDemoNotifications } from '~/app/seed/notifications';
import { seedDemoOperators } from '~/app/seed/operators';
import { COVER_VARIANTS, GAME_CATALOG, RESTRICTED_RENTAL_TIMES, ROLE_NAME_PARTS, TITLE_TAGS, coverPath, iconPath, listingAttrDefs, type GameSeed } from '~/app/seed/catalog';
import { games, listingAttrs, listings, platforms, redPackets, sellerCertifications, shops, users, zones, type NewListingAttrRow, type NewListingRow } from '~/platform/db/schema';
import { writeSetting } from '~/features/content/server';
import { seedDemoSettings } from '~/app/seed/settings';
import { seedDemoAgreements } from '~/app/seed/agreements';

/** Fixed PRNG seed: change it and every demo number changes. */
export const DEMO_SEED = 20_240_917;

export interface DemoUser {
  username: string;
  password: string;
  nickname: string;
  mobile: string | null;
  isRealName: boolean;
  status?: 'active' | 'deleted';
  /** Lowercased; lets the user reset the password by email code (/rstpwd). */
  email?: string;
  /** The shop this user owns, if any. */
  shop?: { name: string; certType: number; weight: number };
}

/** Demo sign-ins (documented for testers; never used outside the demo seed). */
export const DEMO_USERS = {
  renter: { username: 'renter01', password: 'renter_pass01', nickname: '租号玩家01', mobile: '13800000001', isRealName: false, email: 'renter01@example.com' },
  /** A renter who has not passed real-name verification and has no bound phone (spec §6). */
  renterUnverified: { username: 'renter02', password: 'renter_pass02', nickname: '租号玩家02', mobile: null, isRealName: false },
  merchant: {
    username: 'merchant01',
    password: 'merchant_pass01',
    nickname: '星耀租号',
    mobile: '13800000002',
    isRealName: true,
    shop: { name: '星耀租号工作室', certType: CERT_TYPE.merchant, weight: 34 },
  },
  store: {
    username: 'store01',
    password: 'store_pass01',
    nickname: '峡谷电竞',
    mobile: '13800000003',
    isRealName: true,
    shop: { name: '峡谷电竞小店', certType: CERT_TYPE.store, weight: 22 },
  },
  owner1: { username: 'owner01', password: 'owner_pass01', nickname: '清风号主', mobile: '13800000011', isRealName: true, shop: { name: '清风的号铺', certType: CERT_TYPE.individual, weight: 12 } },
  owner2: { username: 'owner02', password: 'owner_pass02', nickname: '夜雨号主', mobile: '13800000012', isRealName: true, shop: { name: '夜雨小铺', certType: CERT_TYPE.individual, weight: 11 } },
  owner3: { username: 'owner03', password: 'owner_pass03', nickname: '星河号主', mobile: '13800000013', isRealName: true, shop: { name: '星河租号', certType: CERT_TYPE.individual, weight: 11 } },
  owner4: { username: 'owner04', password: 'owner_pass04', nickname: '南风号主', mobile: '13800000014', isRealName: false, shop: { name: '南风杂货铺', certType: CERT_TYPE.individual, weight: 10 } },
  /** A deregistered account (spec deleted_page / unactive_account). */
  deleted: { username: 'deleted01', password: 'deleted_pass01', nickname: '已注销用户', mobile: null, isRealName: false, status: 'deleted' },
} as const satisfies Record<string, DemoUser>;

/** A demo user's own invite code (register: optional invite code): the username upper-cased, e.g. RENTER01. */
export function demoInviteCode(user: Pick<DemoUser, 'username'>): string {
  return user.username.toUpperCase();
}

// ---------------------------------------------------------------------------------------------
// deterministic randomness

/** mulberry32: tiny, fast, good enough for demo data; same seed, same sequence. */
export function createRng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

class Dice {
  constructor(private readonly next: () => number) {}
  float(): number {
    return this.next();
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  pickSome<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < count && pool.length > 0) out.push(pool.splice(Math.floor(this.next() * pool.length), 1)[0]!);
    return out;
  }
  weighted<T>(items: readonly { item: T; weight: number }[]): T {
    const total = items.reduce((sum, entry) => sum + entry.weight, 0);
    let roll = this.next() * total;
    for (const entry of items) {
      roll -= entry.weight;
      if (roll < 0) return entry.item;
    }
    return items[items.length - 1]!.item;
  }
  /** Log-uniform between min and max: as many 50万 accounts as 2亿 ones per decade. */
  logUniform(min: number, max: number): number {
    return Math.exp(Math.log(min) + this.next() * (Math.log(max) - Math.log(min)));
  }
}

// ---------------------------------------------------------------------------------------------
// listing content

const DAY_MS = 86_400_000;
const SPREAD_DAYS = 150;
const INSERT_CHUNK = 200;
const WAN = 10_000;
const YI = 100_000_000;
/** Hafu coins per yuan offered by owners (prepay yuan = game_money / rate, spec §9). */
const HAFU_EXCHANGE_RATES = [300_000, 350_000, 400_000, 500_000] as const;
const ACTIVITY_DISCOUNTS = [0.8, 0.85, 0.9, 0.95] as const;
/** 租N送M (spec activity.rental_promotion). */
const RENTAL_PROMOTIONS = [
  { rentalHours: 3, bonusHours: 1 },
  { rentalHours: 5, bonusHours: 1 },
  { rentalHours: 10, bonusHours: 2 },
] as const;

/** 12_000_000 -> '1200万', 150_000_000 -> '1.5亿'. */
function formatCoins(coins: number): string {
  if (coins >= YI) return `${Number((coins / YI).toFixed(1))}亿`;
  return `${Math.round(coins / WAN)}万`;
}

function roleName(dice: Dice): string {
  return `${dice.pick(ROLE_NAME_PARTS[0])}${dice.pick(ROLE_NAME_PARTS[1])}`;
}

interface ListingDraft {
  row: Omit<NewListingRow, 'shopId' | 'platformId' | 'zoneId'> & { gameId: number };
  attrs: { attrName: string; value: string }[];
}

function draftListing(dice: Dice, game: GameSeed, gameId: number, index: number, now: number): ListingDraft {
  // Better ranks are rarer and dearer.
  const rankIndex = Math.min(game.ranks.length - 1, Math.floor(dice.float() ** 0.7 * game.ranks.length));
  const rank = game.ranks[rankIndex]!;
  const rankPremium = (game.ranks.length - 1 - rankIndex) / Math.max(1, game.ranks.length - 1); // 1 best .. 0 worst
  const skins = dice.int(game.skinRange[0], game.skinRange[1]);
  const heroes = game.heroAttr ? dice.int(game.heroRange[0], game.heroRange[1]) : 0;
  const highlights = dice.pickSome(game.highlights, dice.int(1, 3));
  const tag = dice.pick(TITLE_TAGS);

  let gameMoney = 0;
  let moneyExchangeRate: number | null = null;
  let accountType: string | null = null;
  if (game.hasHafuCoin) {
    // spec §3: 哈夫币号 (coins are the point) or 皮肤号 (skins first, some coins) — 50万 to 2亿.
    const isCoinAccount = dice.chance(0.6);
    accountType = isCoinAccount ? ACCOUNT_TYPE_VALUE.hafuCoin : ACCOUNT_TYPE_VALUE.skin;
    const coins = isCoinAccount ? dice.logUniform(2_000_000, 2 * YI) : dice.logUniform(50 * WAN, 800 * WAN);
    gameMoney = Math.max(50 * WAN, Math.min(2 * YI, Math.round(coins / WAN) * WAN));
    moneyExchangeRate = dice.pick(HAFU_EXCHANGE_RATES);
  }

  const title = game.hasHafuCoin
    ? `【${accountType === ACCOUNT_TYPE_VALUE.hafuCoin ? `哈夫币${formatCoins(gameMoney)}` : `${skins}皮肤`}】${rank} ${highlights.join(' ')} ${tag}`
    : `【${rank}】${skins}${game.skinAttr.replace('数量', '')}${game.heroAttr ? ` ${heroes}${game.heroAttr.replace('数量', '')}` : ''} ${highlights.join(' ')} ${tag}`;

  // Hourly price: 1-30 yuan, better ranks dearer; half-yuan steps.
  const [lowYuan, highYuan] = game.priceYuan;
  const yuan = lowYuan + (highYuan - lowYuan) * (0.3 * dice.float() + 0.7 * rankPremium * (0.6 + 0.4 * dice.float()));
  const rentalFen = Math.min(3_000, Math.max(100, Math.round(yuan * 2) * 50));

  const isRented = dice.chance(0.22);
  const startVariant = 1 + (index % COVER_VARIANTS);
  const imgCount = dice.int(2, 3);
  const imgs = Array.from({ length: imgCount }, (_, k) => coverPath(game.slug, ((startVariant - 1 + k) % COVER_VARIANTS) + 1));
  const promotion = dice.chance(0.15) ? dice.pick(RENTAL_PROMOTIONS) : null;
  const createdAt = new Date(now - Math.floor(dice.float() ** 1.3 * SPREAD_DAYS * DAY_MS));
  const updatedAt = new Date(Math.min(now, createdAt.getTime() + Math.floor(dice.float() * 20 * DAY_MS)));

  const attrs = [
    ...(accountType ? [{ attrName: ACCOUNT_TYPE_ATTR_NAME, value: accountType }] : []),
    { attrName: game.rankAttr, value: rank },
    { attrName: game.skinAttr, value: String(skins) },
    ...(game.heroAttr ? [{ attrName: game.heroAttr, value: String(heroes) }] : []),
  ];

  return {
    row: {
      gameId,
      title: title.slice(0, 120),
      roleName: roleName(dice),
      imgs,
      rentalFen,
      minRentalHours: dice.weighted([
        { item: 1, weight: 70 },
        { item: 2, weight: 15 },
        { item: 3, weight: 10 },
        { item: 5, weight: 5 },
      ]),
      depositFen: dice.chance(0.55) ? 0 : dice.int(2, 20) * 500,
      isRented,
      // Rented and reservable = 'appoint' (spec §4); some free ones accept reservations too.
      isReservation: isRented ? dice.chance(0.5) : dice.chance(0.2),
      ...(dice.chance(0.08) ? { isListed: false, sellerState: 'off_shelf' as const } : { isListed: true }),
      isUseBargain: dice.chance(0.3),
      isUseVipDiscount: dice.chance(0.6),
      topShelf: dice.chance(0.08),
      isInsurance: dice.chance(0.35),
      thirdType: dice.chance(0.1) ? THIRD_TYPE_UHAOZU : null,
      rentalTime: dice.chance(0.8) ? RENTAL_TIME_ALL_DAY : dice.pick(RESTRICTED_RENTAL_TIMES),
      gameMoney,
      moneyExchangeRate,
      activityDiscount: dice.chance(0.15) ? dice.pick(ACTIVITY_DISCOUNTS) : null,
      promoRentalHours: promotion?.rentalHours ?? null,
      promoBonusHours: promotion?.bonusHours ?? null,
      dailyRental: dice.chance(0.75),
      tenHourRental: dice.chance(0.45),
      weeklyRental: dice.chance(0.25),
      morningRental: dice.chance(0.3),
      afternoonRental: dice.chance(0.3),
      nightRental: dice.chance(0.4),
      popularity: Math.floor(dice.float() ** 3 * 5_000) + Math.round(rankPremium * 300),
      createdAt,
      updatedAt,
    },
    attrs,
  };
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

async function isSeeded(db: Pick<Db, 'select'>): Promise<boolean> {
  const rows = await db.select({ id: games.id }).from(games).limit(1);
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------

/**
 * Inserts each demo table group that is still empty: the catalogue (unless a game exists), then
 * the home content (seed-home.ts, each of banners, announcements and hot tags when empty), so a
 * database seeded before the home tables existed gets them too. Returns whether it inserted anything.
 */
export async function seedDemoData(db: Db): Promise<{ seeded: boolean }> {
  const catalogue = await seedCatalogue(db);
  const attrDefs = await seedGameListingAttrs(db);
  const home = await seedHomeContent(db);
  const signIn = await seedDemoSignInFields(db);
  const envelopes = await seedDemoRedPackets(db);
  const freeOffers = await seedDemoFreeOffers(db, new Date());
  const money = await seedDemoMoney(db, DEMO_USERS.renter.username);
  // After the money seed: its finished rental of renter01 is a window the history keeps clear of.
  const history = await seedDemoHistory(db, new Date());
  // Both insert their rental orders directly: the listings' records count them once.
  if (money.seeded || history.seeded) await recountListingStats(db, new Date());
  const popups = await seedDemoPopups(db, new Date());
  const operatorAccounts = await seedDemoOperators(db, new Date());
  const settings = await seedDemoSettings(db, new Date());
  const agreements = await seedDemoAgreements(db, new Date());
  // Last: the welcome broadcast goes to every account the seed made.
  const notices = await seedDemoNotifications(db, DEMO_USERS.renter.username, new Date());
  return { seeded: catalogue.seeded || attrDefs.seeded || home.seeded || signIn.seeded || envelopes.seeded || history.seeded || freeOffers.seeded || money.seeded || popups.seeded || operatorAccounts.seeded || settings.seeded || agreements.seeded || notices.seeded };
}

/** renter01's demo red envelopes (source 'demo'): one of each state the red-packet list shows. */
export const DEMO_RED_PACKETS: readonly (RedPacketGrant & {
  /** Days from the seed's now: received (negative = in the past) and expiring. */
  receivedDays: number;
  expiresDays: number;
  used?: boolean;
})[] = [
  { name: '演示红包·满20减5', type: COUPON_TYPE_FIXED, minOrderAmountFen: 2000, discountAmountFen: 500, receivedDays: -2, expiresDays: 15 },
  { name: '演示红包·8.8折券', type: COUPON_TYPE_PERCENTAGE, minOrderAmountFen: 1500, discountPercentage: 88, maxDiscountAmountFen: 1000, receivedDays: -1, expiresDays: 7 },
  { name: '演示红包·满50减10', type: COUPON_TYPE_FIXED, minOrderAmountFen: 5000, discountAmountFen: 1000, receivedDays: -10, expiresDays: 20, used: true },
  { name: '演示红包·无门槛减2', type: COUPON_TYPE_FIXED, minOrderAmountFen: 0, discountAmountFen: 200, receivedDays: -40, expiresDays: -10 },
];

/**
 * DEMO_RED_PACKETS for renter01, unless renter01 is missing or already holds any red envelope
 * (so running it again, or after the user spent or got envelopes, changes nothing). Dates move
 * with the clock: the usable ones stay usable on a demo started months later.
 */
async function seedDemoRedPackets(db: Db): Promise<{ seeded: boolean }> {
  const now = Date.now();
  return db.transaction(async (tx) => {
    const [renter] = await tx.select({ id: users.id }).from(users).where(eq(users.username, DEMO_USERS.renter.username)).limit(1);
    if (!renter) return { seeded: false };
    // Serialises two seeders on this user (the check below then sees the other's rows).
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${renter.id} for update`);
    const [held] = await tx.select({ id: redPackets.id }).from(redPackets).where(eq(redPackets.userId, renter.id)).limit(1);
    if (held) return { seeded: false };
    for (const { receivedDays, expiresDays, used, ...grant } of DEMO_RED_PACKETS) {
      const receivedAt = new Date(now + receivedDays * DAY_MS);
      await grantRedPackets(tx, renter.id, [grant], {
        source: 'demo',
        receivedAt,
        expiresAt: new Date(now + expiresDays * DAY_MS),
        status: used ? RED_PACKET_STATUS.used : RED_PACKET_STATUS.unused,
        usedAt: used ? new Date(now - 3 * DAY_MS) : null,
        // The demo's history of envelopes, not news: the demo notices are seeded on their own.
        notify: false,
      });
    }
    return { seeded: true };
  });
}

/**
 * The demo users' email and invite code, for a database seeded before those columns existed (a
 * fresh seed inserts them with the users). Only a demo username whose field is still null is
 * touched, and only with a value no other account holds, so running it again changes nothing.
 */
async function seedDemoSignInFields(db: Db): Promise<{ seeded: boolean }> {
  const fields = { email: users.email, inviteCode: users.inviteCode } as const;
  let changed = 0;
  for (const user of Object.values(DEMO_USERS) as DemoUser[]) {
    const wanted: [keyof typeof fields, string | undefined][] = [
      ['email', user.email],
      ['inviteCode', demoInviteCode(user)],
    ];
    for (const [field, value] of wanted) {
      if (value === undefined) continue;
      const column = fields[field];
      const updated = await db
        .update(users)
        .set({ [field]: value })
        .where(
          and(
            eq(users.username, user.username),
            isNull(column),
            sql`not exists (select 1 from users taken where taken.${sql.identifier(column.name)} = ${value})`,
          ),
        )
        .returning({ id: users.id });
      changed += updated.length;
    }
  }
  return { seeded: changed > 0 };
}

/**
 * The demo games' listing attributes (listingAttrDefs) for a database seeded before
 * games.listing_attrs existed: only a demo game (by slug) whose list is still empty is touched, so
 * an operator's own definitions and a second run change nothing.
 */
async function seedGameListingAttrs(db: Db): Promise<{ seeded: boolean }> {
  let changed = 0;
  for (const game of GAME_CATALOG) {
    const updated = await db
      .update(games)
      .set({ listingAttrs: listingAttrDefs(game) })
      .where(and(eq(games.slug, game.slug), sql`${games.listingAttrs} = '[]'::jsonb`))
      .returning({ id: games.id });
    changed += updated.length;
  }
  return { seeded: changed > 0 };
}

/** The games, platforms, zones, demo users, shops and listings, unless a game already exists. */
async function seedCatalogue(db: Db): Promise<{ seeded: boolean }> {
  if (await isSeeded(db)) return { seeded: false };

  // Hash outside the transaction: scrypt is CPU work, the transaction should stay short.
  const demoUsers: DemoUser[] = Object.values(DEMO_USERS);
  const hashes = await Promise.all(demoUsers.map((user) => hashPassword(user.password)));
  const dice = new Dice(createRng(DEMO_SEED));
  const now = Date.now();

  return db.transaction(async (tx) => {
    // Re-check inside: another caller may have seeded meanwhile (PostgreSQL callers also hold the
    // migration advisory lock, see client.ts).
    await tx.execute(sql`lock table ${games} in share row exclusive mode`);
    if (await isSeeded(tx)) return { seeded: false };

    const gameRows = await tx
      .insert(games)
      .values(
        GAME_CATALOG.map((game, index) => ({
          name: game.name,
          slug: game.slug,
          icon: iconPath(game.slug),
          isHot: game.isHot,
          sort: (index + 1) * 10,
          maintenanceStatus: game.maintenance ? 1 : 0,
          isSuspended: game.maintenance ? 1 : 0,
          hasHafuCoin: game.hasHafuCoin,
          listingAttrs: listingAttrDefs(game),
        })),
      )
      .returning({ id: games.id, slug: games.slug });
    const gameIdBySlug = new Map(gameRows.map((row) => [row.slug, row.id]));
    const gameId = (slug: string): number => gameIdBySlug.get(slug)!;

    const platformRows = await tx
      .insert(platforms)
      .values(GAME_CATALOG.flatMap((game) => game.platforms.map((platform) => ({ gameId: gameId(game.slug), name: platform.name }))))
      .returning({ id: platforms.id, gameId: platforms.gameId, name: platforms.name });
    const platformId = (gameIdValue: number, name: string): number => platformRows.find((row) => row.gameId === gameIdValue && row.name === name)!.id;

    const zoneRows = await tx
      .insert(zones)
      .values(
        GAME_CATALOG.flatMap((game) => {
          const id = gameId(game.slug);
          return [
            ...game.platforms.flatMap((platform) => platform.zones.map((name) => ({ gameId: id, platformId: platformId(id, platform.name), name }))),
            ...game.sharedZones.map((name) => ({ gameId: id, platformId: null, name })),
          ];
        }),
      )
      .returning({ id: zones.id, gameId: zones.gameId, platformId: zones.platformId });

    const userRows = await tx
      .insert(users)
      .values(
        demoUsers.map((user, index) => ({
          username: user.username,
          passwordHash: hashes[index]!,
          mobile: user.mobile,
          email: user.email ?? null,
          inviteCode: demoInviteCode(user),
          nickname: user.nickname,
          isRealName: user.isRealName,
          status: user.status ?? 'active',
          createdAt: new Date(now - (200 - index) * DAY_MS),
        })),
      )
      .returning({ id: users.id, username: users.username });
    const userId = (username: string): number => userRows.find((row) => row.username === username)!.id;

    const shopOwners = demoUsers.filter((user): user is DemoUser & { shop: NonNullable<DemoUser['shop']> } => user.shop !== undefined);
    const shopRows = await tx
      .insert(shops)
      .values(
        shopOwners.map((user, index) => ({
          ownerUserId: userId(user.username),
          name: user.shop.name,
          certType: user.shop.certType,
          createdAt: new Date(now - (190 - index) * DAY_MS),
        })),
      )
      .returning({ id: shops.id, ownerUserId: shops.ownerUserId });
    // The demo shops are approved sellers of their type, and the demo reviews nothing,
    // so a new listing reaches the hall at once (docs/decisions.md "Listing review").
    await tx.insert(sellerCertifications).values(
      shopOwners.map((user) => ({
        userId: userId(user.username),
        certType: user.shop.certType,
        state: 'approved' as const,
        shopName: user.shop.name,
        submittedAt: new Date(now - 190 * DAY_MS),
        decidedAt: new Date(now - 190 * DAY_MS),
      })),
    );
    await writeSetting(tx, 'seller.review_enabled', false);
    const shopWeights = shopOwners.map((user) => ({
      item: shopRows.find((row) => row.ownerUserId === userId(user.username))!.id,
      weight: user.shop.weight,
    }));

    const drafts: { row: NewListingRow; attrs: ListingDraft['attrs'] }[] = [];
    for (const game of GAME_CATALOG) {
      const id = gameId(game.slug);
      const gamePlatforms = platformRows.filter((row) => row.gameId === id);
      for (let i = 0; i < game.listingCount; i++) {
        const draft = draftListing(dice, game, id, i, now);
        const platform = dice.pick(gamePlatforms);
        const zoneChoices = zoneRows.filter((zone) => zone.gameId === id && (zone.platformId === null || zone.platformId === platform.id));
        drafts.push({
          row: { ...draft.row, shopId: dice.weighted(shopWeights), platformId: platform.id, zoneId: zoneChoices.length > 0 ? dice.pick(zoneChoices).id : null },
          attrs: draft.attrs,
        });
      }
    }

    // Explicit ids (the table is empty, so 1..n) tie each listing to its attrs without relying on
    // the order of RETURNING rows; the serial sequence is moved past them afterwards.
    const listingRows: NewListingRow[] = drafts.map((draft, index) => ({ ...draft.row, id: index + 1 }));
    for (const part of chunk(listingRows, INSERT_CHUNK)) await tx.insert(listings).values(part);
    await tx.execute(sql`select setval(pg_get_serial_sequence('listings', 'id'), ${listingRows.length})`);
    const attrRows: NewListingAttrRow[] = drafts.flatMap((draft, index) => draft.attrs.map((attr) => ({ listingId: index + 1, ...attr })));
    for (const part of chunk(attrRows, 1_000)) await tx.insert(listingAttrs).values(part);

    return { seeded: true };
  });
}
