/**
 * 兑换码 in the console ("exchange codes (batches, limits, expiry)": create batches of
 * codes, what each redeems (a red-envelope template or N gold coins), count, uses per code and per
 * user, expiry; list batches with redeemed counts; export a batch's codes as CSV; deactivate).
 *
 * Codes are 16 characters of a 31-character alphabet without look-alikes (about 79 bits, from
 * crypto.randomBytes; features/wallet/rules/exchange-code.ts). The database holds each code's SHA-256 (what a
 * redemption looks up) and the code sealed with AES-256-GCM under CREDENTIALS_KEY (what the export
 * opens): a copy of the database alone gives away no unredeemed code, and every export is audited.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, count, desc, eq, gt, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Page } from '~/platform/wire/common';
import {
  EXCHANGE_REWARD_LABELS,
  type ExchangeBatchCreateBody,
  type ExchangeBatchListQuery,
  type ExchangeBatchStatus,
  type ExchangeCodeLookup,
  type ExchangeRedemptionView,
  type ExchangeRewardKind,
  type OpsExchangeBatchView,
} from '~/features/campaigns/contract/ops-campaigns';
import { MSG_EXCHANGE_CODE_INVALID } from '~/features/wallet/contract/exchange-code';
import { exchangeCodeFromBytes, formatExchangeCode, normalizeExchangeCode } from '~/features/wallet/rules/exchange-code';
import type { Db, DbOrTx } from '~/platform/db/client';
import { exchangeCodeBatches, exchangeCodeRedemptions, exchangeCodes, operators, redPacketTemplates, users } from '~/platform/db/schema';
import { badRequest, conflict, notFound } from '~/platform/http/errors';
import { credentialsKey, decryptWith, encryptWith } from '~/features/orders/server';
import { templateLabel, type RedPacketTemplateRow } from '~/features/campaigns/server/red-packet-templates';
import { writeAudit, type OperatorActor } from '~/features/console/server';

export const MSG_BATCH_NOT_FOUND = '兑换码批次不存在';
export const MSG_BATCH_EXPIRES_PAST = '过期时间应晚于现在';
export const MSG_BATCH_TEMPLATE_INACTIVE = '该红包模板已停用，不能用于兑换码';
export const MSG_BATCH_KEY_REUSED = '该请求标识已用于其他批次，请刷新页面后重试';
/** Codes inserted per statement. */
const INSERT_CHUNK = 500;
/** Rounds of regeneration allowed for hash collisions (about 1e-12 per code: never needed in practice). */
const COLLISION_ROUNDS = 5;

type BatchRow = typeof exchangeCodeBatches.$inferSelect;

/** The SHA-256 a code is looked up by (of the canonical form: no dashes, capitals). */
export function exchangeCodeHash(canonical: string): string {
  return createHash('sha256').update(canonical).digest('hex');
}

export function batchStatusAt(row: Pick<BatchRow, 'disabledAt' | 'expiresAt'>, now: Date): ExchangeBatchStatus {
  if (row.disabledAt) return 'disabled';
  return row.expiresAt <= now ? 'expired' : 'active';
}

/** 红包「name」（满30减3元） or 30 金币. */
export function rewardLabel(kind: string, template: RedPacketTemplateRow | null, goldCoins: number | null): string {
  if (kind === 'gold') return `${goldCoins ?? 0} 金币`;
  if (!template) return EXCHANGE_REWARD_LABELS.red_packet;
  return `红包「${template.name}」（${templateLabel(template)}）`;
}

interface BatchCounts {
  redeemed: number;
  codesUsed: number;
}

function reshapeBatch(row: BatchRow, template: RedPacketTemplateRow | null, operatorUsername: string, counts: BatchCounts, now: Date): OpsExchangeBatchView {
  return {
    id: row.id,
    name: row.name,
    reward_kind: row.rewardKind as ExchangeRewardKind,
    reward_label: rewardLabel(row.rewardKind, template, row.goldCoins),
    template_id: row.templateId,
    gold_coins: row.goldCoins,
    count: row.codeCount,
    uses_per_code: row.usesPerCode,
    per_user_limit: row.perUserLimit,
    expires_at: row.expiresAt.toISOString(),
    status: batchStatusAt(row, now),
    redeemed: counts.redeemed,
    codes_used: counts.codesUsed,
    operator_username: operatorUsername,
    created_at: row.createdAt.toISOString(),
  };
}

const batchSelection = {
  batch: exchangeCodeBatches,
  template: redPacketTemplates,
  username: operators.username,
  redeemed: sql<number>`(select count(*) from exchange_code_redemptions r where r.batch_id = ${exchangeCodeBatches.id})::int`,
  codesUsed: sql<number>`(select count(*) from exchange_codes c where c.batch_id = ${exchangeCodeBatches.id} and c.uses > 0)::int`,
};

function batchQuery(db: DbOrTx) {
  return db
    .select(batchSelection)
    .from(exchangeCodeBatches)
    .leftJoin(redPacketTemplates, eq(redPacketTemplates.id, exchangeCodeBatches.templateId))
    .innerJoin(operators, eq(operators.id, exchangeCodeBatches.operatorId));
}

type BatchJoined = Awaited<ReturnType<ReturnType<typeof batchQuery>['where']>>[number];

const fromJoined = (row: BatchJoined, now: Date): OpsExchangeBatchView =>
  reshapeBatch(row.batch, row.template, row.username, { redeemed: Number(row.redeemed), codesUsed: Number(row.codesUsed) }, now);

export async function getBatch(db: DbOrTx, id: number, now: Date): Promise<OpsExchangeBatchView> {
  const [row] = await batchQuery(db).where(eq(exchangeCodeBatches.id, id));
  if (!row) throw notFound(MSG_BATCH_NOT_FOUND);
  return fromJoined(row, now);
}

function statusCondition(status: ExchangeBatchListQuery['status'], now: Date): SQL | undefined {
  switch (status) {
    case 'all':
      return undefined;
    case 'disabled':
      return isNotNull(exchangeCodeBatches.disabledAt);
    case 'expired':
      return and(isNull(exchangeCodeBatches.disabledAt), lte(exchangeCodeBatches.expiresAt, now));
    case 'active':
      return and(isNull(exchangeCodeBatches.disabledAt), gt(exchangeCodeBatches.expiresAt, now));
  }
}

export async function listBatches(db: DbOrTx, query: ExchangeBatchListQuery, now: Date): Promise<Page<OpsExchangeBatchView>> {
  const where = statusCondition(query.status, now);
  const [rows, [total]] = await Promise.all([
    batchQuery(db)
      .where(where)
      .orderBy(desc(exchangeCodeBatches.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(exchangeCodeBatches).where(where),
  ]);
  return { list: rows.map((row) => fromJoined(row, now)), total: Number(total?.n ?? 0), page: query.page, page_size: query.page_size };
}

/** `n` new canonical codes from crypto.randomBytes (one pool per call, consumed a byte at a time). */
export function generateExchangeCodes(n: number): string[] {
  // About 1.03 bytes per character are needed on average (248 of 256 byte values are kept); a pool
  // of 20 per code leaves room, and a new pool is drawn if it ever runs dry.
  let pool = randomBytes(n * 20);
  let at = 0;
  const nextByte = (): number => {
    if (at >= pool.length) {
      pool = randomBytes(Math.max(64, n * 4));
      at = 0;
    }
    return pool[at++]!;
  };
  return Array.from({ length: n }, () => exchangeCodeFromBytes(nextByte));
}

/**
 * POST campaigns/exchange-codes/create: the batch and its codes in one transaction, exactly once per
 * request key (a repeat answers the first batch with `replayed: true`). A red-envelope batch needs
 * an active template; the expiry must be later than now.
 */
export async function createBatch(db: Db, actor: OperatorActor, body: ExchangeBatchCreateBody, now: Date): Promise<{ batch: OpsExchangeBatchView; replayed: boolean }> {
  if (body.expires_at <= now) throw badRequest(MSG_BATCH_EXPIRES_PAST);
  const key = await credentialsKey(db);
  return db.transaction(async (tx) => {
    if (body.reward_kind === 'red_packet') {
      const [template] = await tx.select().from(redPacketTemplates).where(eq(redPacketTemplates.id, body.template_id!));
      if (!template) throw notFound('红包模板不存在');
      if (!template.isActive) throw conflict(MSG_BATCH_TEMPLATE_INACTIVE);
    }
    const [claimed] = await tx
      .insert(exchangeCodeBatches)
      .values({
        name: body.name,
        rewardKind: body.reward_kind,
        templateId: body.reward_kind === 'red_packet' ? body.template_id! : null,
        goldCoins: body.reward_kind === 'gold' ? body.gold_coins! : null,
        codeCount: body.count,
        usesPerCode: body.uses_per_code,
        perUserLimit: body.per_user_limit,
        expiresAt: body.expires_at,
        requestKey: body.request_key,
        operatorId: actor.operatorId,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!claimed) {
      const [first] = await tx.select().from(exchangeCodeBatches).where(eq(exchangeCodeBatches.requestKey, body.request_key));
      if (!first || first.name !== body.name || first.codeCount !== body.count) throw conflict(MSG_BATCH_KEY_REUSED);
      return { batch: await getBatch(tx, first.id, now), replayed: true };
    }
    let missing = body.count;
    for (let round = 0; missing > 0; round += 1) {
      if (round >= COLLISION_ROUNDS) throw new Error('exchange code generation kept colliding');
      const codes = generateExchangeCodes(missing);
      for (let start = 0; start < codes.length; start += INSERT_CHUNK) {
        const chunk = codes.slice(start, start + INSERT_CHUNK);
        const inserted = await tx
          .insert(exchangeCodes)
          .values(
            chunk.map((code) => ({
              batchId: claimed.id,
              codeHash: exchangeCodeHash(code),
              codeCipher: encryptWith(key, code),
              codeTail: code.slice(-4),
              maxUses: body.uses_per_code,
            })),
          )
          .onConflictDoNothing()
          .returning({ id: exchangeCodes.id });
        missing -= inserted.length;
      }
    }
    const batch = await getBatch(tx, claimed.id, now);
    await writeAudit(tx, actor, { action: 'exchange_batch.create', targetType: 'exchange_batch', targetId: batch.id, after: batch }, now);
    return { batch, replayed: false };
  });
}

/** POST campaigns/exchange-codes/deactivate: no code of the batch redeems from now on (兑换码已失效). */
export async function deactivateBatch(db: Db, actor: OperatorActor, id: number, now: Date): Promise<OpsExchangeBatchView> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(exchangeCodeBatches).where(eq(exchangeCodeBatches.id, id)).for('update');
    if (!current) throw notFound(MSG_BATCH_NOT_FOUND);
    if (!current.disabledAt) await tx.update(exchangeCodeBatches).set({ disabledAt: now }).where(eq(exchangeCodeBatches.id, id));
    const batch = await getBatch(tx, id, now);
    await writeAudit(
      tx,
      actor,
      { action: 'exchange_batch.deactivate', targetType: 'exchange_batch', targetId: id, before: { disabled_at: current.disabledAt?.toISOString() ?? null }, after: { disabled_at: (current.disabledAt ?? now).toISOString() } },
      now,
    );
    return batch;
  });
}

/** A CSV field: quoted when needed; a leading = + - @ is neutralised so a spreadsheet never runs it. */
function csvField(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export interface BatchExport {
  filename: string;
  csv: string;
}

/**
 * GET campaigns/exchange-codes/export?batch_id=: every code of the batch (opened with the key),
 * with its uses, as CSV (UTF-8 with BOM so a spreadsheet reads the Chinese header). The export is
 * audited in the same transaction that reads the codes.
 */
export async function exportBatch(db: Db, actor: OperatorActor, batchId: number, now: Date): Promise<BatchExport> {
  const key = await credentialsKey(db);
  return db.transaction(async (tx) => {
    const batch = await getBatch(tx, batchId, now);
    const codes = await tx
      .select({ cipher: exchangeCodes.codeCipher, uses: exchangeCodes.uses, maxUses: exchangeCodes.maxUses })
      .from(exchangeCodes)
      .where(eq(exchangeCodes.batchId, batchId))
      .orderBy(exchangeCodes.id);
    const lines = [['兑换码', '已兑换次数', '可兑换次数', '兑换内容', '过期时间', '批次'].map(csvField).join(',')];
    for (const code of codes) {
      lines.push([formatExchangeCode(decryptWith(key, code.cipher)), code.uses, code.maxUses, batch.reward_label, batch.expires_at, batch.name].map(csvField).join(','));
    }
    await writeAudit(tx, actor, { action: 'exchange_batch.export', targetType: 'exchange_batch', targetId: batchId, after: { codes: codes.length } }, now);
    return { filename: `exchange-codes-${batchId}.csv`, csv: `\uFEFF${lines.join('\r\n')}\r\n` };
  });
}

/** The console's look-up of one code (a user says it does not work): its batch, uses and who redeemed it. */
export async function lookupCode(db: DbOrTx, raw: string, now: Date): Promise<ExchangeCodeLookup> {
  const canonical = normalizeExchangeCode(raw);
  if (!canonical) throw badRequest(MSG_EXCHANGE_CODE_INVALID);
  const [code] = await db.select().from(exchangeCodes).where(eq(exchangeCodes.codeHash, exchangeCodeHash(canonical)));
  if (!code) throw notFound('没有这个兑换码');
  const redemptions = await db
    .select({ username: users.username, createdAt: exchangeCodeRedemptions.createdAt })
    .from(exchangeCodeRedemptions)
    .innerJoin(users, eq(users.id, exchangeCodeRedemptions.userId))
    .where(eq(exchangeCodeRedemptions.codeId, code.id))
    .orderBy(exchangeCodeRedemptions.id)
    .limit(100);
  return {
    batch: await getBatch(db, code.batchId, now),
    code: formatExchangeCode(canonical),
    uses: code.uses,
    max_uses: code.maxUses,
    redemptions: redemptions.map((row) => ({ username: row.username, created_at: row.createdAt.toISOString() })),
  };
}

/** The latest redemptions of a batch (who, which code by its last characters, when). */
export async function listRedemptions(db: DbOrTx, batchId: number, page: number, pageSize: number): Promise<Page<ExchangeRedemptionView>> {
  const where = eq(exchangeCodeRedemptions.batchId, batchId);
  const [rows, [total], [batch]] = await Promise.all([
    db
      .select({ id: exchangeCodeRedemptions.id, username: users.username, tail: exchangeCodes.codeTail, createdAt: exchangeCodeRedemptions.createdAt, goldCoins: exchangeCodeRedemptions.goldCoins, redPacketId: exchangeCodeRedemptions.redPacketId })
      .from(exchangeCodeRedemptions)
      .innerJoin(users, eq(users.id, exchangeCodeRedemptions.userId))
      .innerJoin(exchangeCodes, eq(exchangeCodes.id, exchangeCodeRedemptions.codeId))
      .where(where)
      .orderBy(desc(exchangeCodeRedemptions.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(exchangeCodeRedemptions).where(where),
    db.select({ name: exchangeCodeBatches.name, kind: exchangeCodeBatches.rewardKind }).from(exchangeCodeBatches).where(eq(exchangeCodeBatches.id, batchId)),
  ]);
  return {
    list: rows.map((row) => ({
      id: row.id,
      username: row.username,
      code_tail: row.tail,
      reward_label: row.goldCoins !== null ? `${row.goldCoins} 金币` : batch?.kind === 'red_packet' ? '红包' : '',
      created_at: row.createdAt.toISOString(),
    })),
    total: Number(total?.n ?? 0),
    page,
    page_size: pageSize,
  };
}
