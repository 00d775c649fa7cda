/**
 * 公告管理 in the console ("announcements (the Notice pages) ... written in Markdown with a
 * live preview", permission `content`): the table with paging and search, create and edit with a
 * revision check, publish and withdraw, pin, and a publish time that schedules. Every change
 * writes its audit row in the same transaction; the announcements trigger (migration 0002) raises
 * the catalogue version there too, so the home page, /Notice and /NoticeDetail show it at once. A
 * scheduled announcement appears when its time comes, within the page cache's 10 s life.
 */
import { and, count, desc, eq, gt, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  MSG_ANNOUNCEMENT_NOT_FOUND,
  MSG_CONTENT_STALE,
  type AnnouncementState,
  type OpsAnnouncementListQuery,
  type OpsAnnouncementRow,
  type OpsAnnouncementSaveBody,
  type OpsAnnouncementView,
  type OpsPinBody,
  type OpsPublishBody,
} from '~/features/content/contract/content';
import type { Page } from '~/platform/wire/common';
import type { Db, DbOrTx } from '~/platform/db/client';
import { announcements, operators, type AnnouncementRow } from '~/platform/db/schema';
import { conflict, notFound } from '~/platform/http/errors';
import { escapeLikePattern, renderBodyForStorage } from '~/features/content/server/help';
import { renderStoredMarkdown } from '~/features/content/server/markdown';
import { writeAudit, type OperatorActor } from '~/features/console/server';

type Row = AnnouncementRow & { updatedByUsername: string | null };

const rowSelection = {
  id: announcements.id,
  title: announcements.title,
  content: announcements.content,
  isPinned: announcements.isPinned,
  publishedAt: announcements.publishedAt,
  isPublished: announcements.isPublished,
  revision: announcements.revision,
  updatedAt: announcements.updatedAt,
  updatedBy: announcements.updatedBy,
  updatedByUsername: operators.username,
};

/** Where an announcement stands for readers at `now`. */
export function announcementState(row: Pick<AnnouncementRow, 'isPublished' | 'publishedAt'>, now: Date): AnnouncementState {
  if (!row.isPublished) return 'draft';
  return row.publishedAt.getTime() > now.getTime() ? 'scheduled' : 'published';
}

function reshapeRow(row: Omit<Row, 'content'>, now: Date): OpsAnnouncementRow {
  return {
    id: row.id,
    title: row.title,
    pinned: row.isPinned,
    published: row.isPublished,
    state: announcementState(row, now),
    published_at: row.publishedAt.toISOString(),
    revision: row.revision,
    updated_at: row.updatedAt.toISOString(),
    updated_by: row.updatedByUsername,
  };
}

function reshapeView(row: Row, now: Date): OpsAnnouncementView {
  return { ...reshapeRow(row, now), body_md: row.content, html: renderStoredMarkdown(row.content) };
}

function auditSnapshot(row: Pick<AnnouncementRow, 'title' | 'content' | 'isPinned' | 'isPublished' | 'publishedAt' | 'revision'>): Record<string, unknown> {
  return { title: row.title, body_md: row.content, pinned: row.isPinned, published: row.isPublished, published_at: row.publishedAt.toISOString(), revision: row.revision };
}

async function loadRow(db: DbOrTx, id: number, forUpdate = false): Promise<Row> {
  const query = db.select(rowSelection).from(announcements).leftJoin(operators, eq(operators.id, announcements.updatedBy)).where(eq(announcements.id, id)).limit(1);
  const [row] = forUpdate ? await query.for('update', { of: announcements }) : await query;
  if (!row) throw notFound(MSG_ANNOUNCEMENT_NOT_FOUND);
  return row;
}

/** The console's table: every announcement, newest first, filtered by words and state at `now`. */
export async function listAnnouncementsForOps(db: Db, query: OpsAnnouncementListQuery, now: Date): Promise<Page<OpsAnnouncementRow>> {
  const filters: (SQL | undefined)[] = [];
  if (query.q) {
    const pattern = `%${escapeLikePattern(query.q)}%`;
    filters.push(or(ilike(announcements.title, pattern), ilike(announcements.content, pattern)));
  }
  if (query.state === 'draft') filters.push(eq(announcements.isPublished, false));
  if (query.state === 'scheduled') filters.push(and(eq(announcements.isPublished, true), gt(announcements.publishedAt, now)));
  if (query.state === 'published') filters.push(and(eq(announcements.isPublished, true), lte(announcements.publishedAt, now)));
  const where = and(...filters);
  const { content: _content, ...listSelection } = rowSelection;
  const [rows, [total]] = await Promise.all([
    db
      .select(listSelection)
      .from(announcements)
      .leftJoin(operators, eq(operators.id, announcements.updatedBy))
      .where(where)
      .orderBy(desc(announcements.publishedAt), desc(announcements.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(announcements).where(where),
  ]);
  return { list: rows.map((row) => reshapeRow(row, now)), total: Number(total?.n ?? 0), page: query.page, page_size: query.page_size };
}

/** One announcement to edit, with its HTML as readers get it; 404 公告不存在. */
export async function getAnnouncementForOps(db: Db, id: number, now: Date): Promise<OpsAnnouncementView> {
  return reshapeView(await loadRow(db, id), now);
}

/**
 * Create or edit an announcement. The body must render (400 naming body_md otherwise), the same
 * renderer readers get; `published_at` absent means now for a new one and unchanged for an edit.
 * 409 when somebody saved since `revision`.
 */
export async function saveAnnouncement(db: Db, actor: OperatorActor, body: OpsAnnouncementSaveBody, now: Date): Promise<OpsAnnouncementView> {
  renderBodyForStorage(body.body_md);
  const fields = {
    title: body.title,
    content: body.body_md,
    isPinned: body.pinned,
    isPublished: body.published,
    updatedAt: now,
    updatedBy: actor.operatorId,
  };
  return db.transaction(async (tx) => {
    if (body.mode === 'create') {
      const [created] = await tx
        .insert(announcements)
        .values({ ...fields, publishedAt: body.published_at ?? now })
        .returning({ id: announcements.id });
      const row = await loadRow(tx, created!.id);
      await writeAudit(tx, actor, { action: 'announcement.create', targetType: 'announcement', targetId: row.id, after: auditSnapshot(row) }, now);
      return reshapeView(row, now);
    }
    const before = await loadRow(tx, body.id, true);
    if (before.revision !== body.revision) throw conflict(MSG_CONTENT_STALE);
    await tx
      .update(announcements)
      .set({ ...fields, ...(body.published_at ? { publishedAt: body.published_at } : {}), revision: sql`${announcements.revision} + 1` })
      .where(eq(announcements.id, body.id));
    const after = await loadRow(tx, body.id);
    await writeAudit(tx, actor, { action: 'announcement.update', targetType: 'announcement', targetId: body.id, before: auditSnapshot(before), after: auditSnapshot(after) }, now);
    return reshapeView(after, now);
  });
}

/** Publish or withdraw (a no-op, without an audit row, when it already is so). */
export async function publishAnnouncement(db: Db, actor: OperatorActor, body: OpsPublishBody, now: Date): Promise<OpsAnnouncementView> {
  return toggle(db, actor, body.id, now, 'isPublished', body.published, body.published ? 'announcement.publish' : 'announcement.unpublish');
}

/** Pin to the top of the lists, or unpin. */
export async function pinAnnouncement(db: Db, actor: OperatorActor, body: OpsPinBody, now: Date): Promise<OpsAnnouncementView> {
  return toggle(db, actor, body.id, now, 'isPinned', body.pinned, body.pinned ? 'announcement.pin' : 'announcement.unpin');
}

async function toggle(db: Db, actor: OperatorActor, id: number, now: Date, field: 'isPublished' | 'isPinned', value: boolean, action: string): Promise<OpsAnnouncementView> {
  return db.transaction(async (tx) => {
    const before = await loadRow(tx, id, true);
    if (before[field] === value) return reshapeView(before, now);
    await tx
      .update(announcements)
      .set({ [field]: value, revision: before.revision + 1, updatedAt: now, updatedBy: actor.operatorId })
      .where(eq(announcements.id, id));
    const after = await loadRow(tx, id);
    const key = field === 'isPublished' ? 'published' : 'pinned';
    await writeAudit(tx, actor, { action, targetType: 'announcement', targetId: id, before: { [key]: before[field] }, after: { [key]: after[field] } }, now);
    return reshapeView(after, now);
  });
}
