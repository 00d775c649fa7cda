/**
 * 帮助文档 in the console ("help pages written in Markdown with a live preview", permission
 * `content`): the table with paging and search, one page to edit, create and edit with a revision
 * check, publish and withdraw. Every change writes its audit row in the same transaction; the
 * help_pages trigger raises the catalogue version in that transaction too, so the public pages
 * show the change on the next request (docs/decisions.md "Markdown content").
 */
import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import {
  MSG_CONTENT_STALE,
  MSG_HELP_PAGE_NOT_FOUND,
  MSG_HELP_SLUG_TAKEN,
  type OpsHelpListQuery,
  type OpsHelpPageRow,
  type OpsHelpPageView,
  type OpsHelpSaveBody,
  type OpsPublishBody,
} from '~/features/content/contract/content';
import type { Page } from '~/platform/wire/common';
import type { Db, DbOrTx } from '~/platform/db/client';
import { violatedUniqueConstraint } from '~/platform/db/errors';
import { helpPages, operators, type HelpPageRow } from '~/platform/db/schema';
import { conflict, notFound } from '~/platform/http/errors';
import { escapeLikePattern, renderBodyForStorage, searchTextMatches } from '~/features/content/server/help';
import { MARKDOWN_RENDERER_VERSION } from '~/features/content/server/markdown';
import { writeAudit, type OperatorActor } from '~/features/console/server';

type Row = Omit<HelpPageRow, 'searchText'> & { updatedByUsername: string | null };

const rowSelection = {
  id: helpPages.id,
  slug: helpPages.slug,
  type: helpPages.type,
  title: helpPages.title,
  sortOrder: helpPages.sortOrder,
  bodyMd: helpPages.bodyMd,
  bodyHtml: helpPages.bodyHtml,
  bodyText: helpPages.bodyText,
  rendererVersion: helpPages.rendererVersion,
  isPublished: helpPages.isPublished,
  revision: helpPages.revision,
  createdAt: helpPages.createdAt,
  updatedAt: helpPages.updatedAt,
  updatedBy: helpPages.updatedBy,
  updatedByUsername: operators.username,
};

function reshapeRow(row: Omit<Row, 'bodyMd' | 'bodyHtml' | 'bodyText'>): OpsHelpPageRow {
  return {
    id: row.id,
    slug: row.slug,
    type: row.type,
    title: row.title,
    order: row.sortOrder,
    published: row.isPublished,
    revision: row.revision,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    updated_by: row.updatedByUsername,
  };
}

function reshapeView(row: Row): OpsHelpPageView {
  return { ...reshapeRow(row), body_md: row.bodyMd, html: row.bodyHtml };
}

/** What the audit row keeps of a page: its fields and Markdown, not the HTML made from it. */
function auditSnapshot(row: Pick<HelpPageRow, 'slug' | 'type' | 'title' | 'sortOrder' | 'bodyMd' | 'isPublished' | 'revision'>): Record<string, unknown> {
  return { slug: row.slug, type: row.type, title: row.title, order: row.sortOrder, body_md: row.bodyMd, published: row.isPublished, revision: row.revision };
}

async function loadRow(db: DbOrTx, id: number, forUpdate = false): Promise<Row> {
  const query = db.select(rowSelection).from(helpPages).leftJoin(operators, eq(operators.id, helpPages.updatedBy)).where(eq(helpPages.id, id)).limit(1);
  const [row] = forUpdate ? await query.for('update', { of: helpPages }) : await query;
  if (!row) throw notFound(MSG_HELP_PAGE_NOT_FOUND);
  return row;
}

/** The console's table: every page, drafts included, filtered by words, type and status. */
export async function listHelpPagesForOps(db: Db, query: OpsHelpListQuery): Promise<Page<OpsHelpPageRow>> {
  const filters: (SQL | undefined)[] = [];
  if (query.q) {
    const pattern = `%${escapeLikePattern(query.q)}%`;
    filters.push(or(searchTextMatches(pattern), ilike(helpPages.slug, pattern)));
  }
  if (query.type) filters.push(eq(helpPages.type, query.type));
  if (query.status) filters.push(eq(helpPages.isPublished, query.status === 'published'));
  const where = and(...filters);
  const { bodyMd: _md, bodyHtml: _html, bodyText: _text, ...listSelection } = rowSelection;
  const [rows, [total]] = await Promise.all([
    db
      .select(listSelection)
      .from(helpPages)
      .leftJoin(operators, eq(operators.id, helpPages.updatedBy))
      .where(where)
      .orderBy(asc(helpPages.type), asc(helpPages.sortOrder), desc(helpPages.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(helpPages).where(where),
  ]);
  return { list: rows.map(reshapeRow), total: Number(total?.n ?? 0), page: query.page, page_size: query.page_size };
}

/** Every type in use (drafts included), for the form's suggestions and the table's filter. */
export async function listHelpTypesForOps(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ type: helpPages.type }).from(helpPages).orderBy(asc(helpPages.type));
  return rows.map((row) => row.type);
}

/** One page to edit; 404 帮助文档不存在. */
export async function getHelpPageForOps(db: Db, id: number): Promise<OpsHelpPageView> {
  return reshapeView(await loadRow(db, id));
}

/**
 * Create or edit a page. The Markdown is rendered by the same renderer the preview used, and the
 * HTML stored with it; 400 naming body_md when the renderer refuses the body, 409 when the slug
 * is taken (create) or somebody saved since `revision` (edit).
 */
export async function saveHelpPage(db: Db, actor: OperatorActor, body: OpsHelpSaveBody, now: Date): Promise<OpsHelpPageView> {
  const rendered = renderBodyForStorage(body.body_md);
  const fields = {
    type: body.type,
    title: body.title,
    sortOrder: body.order,
    bodyMd: body.body_md,
    bodyHtml: rendered.html,
    bodyText: rendered.text,
    rendererVersion: MARKDOWN_RENDERER_VERSION,
    isPublished: body.published,
    updatedAt: now,
    updatedBy: actor.operatorId,
  };
  try {
    return await db.transaction(async (tx) => {
      if (body.mode === 'create') {
        const [created] = await tx.insert(helpPages).values({ ...fields, slug: body.slug, createdAt: now }).returning({ id: helpPages.id });
        const row = await loadRow(tx, created!.id);
        await writeAudit(tx, actor, { action: 'help.create', targetType: 'help_page', targetId: row.id, after: auditSnapshot(row) }, now);
        return reshapeView(row);
      }
      const before = await loadRow(tx, body.id, true);
      if (before.revision !== body.revision) throw conflict(MSG_CONTENT_STALE);
      await tx.update(helpPages).set({ ...fields, revision: before.revision + 1 }).where(eq(helpPages.id, body.id));
      const after = await loadRow(tx, body.id);
      await writeAudit(tx, actor, { action: 'help.update', targetType: 'help_page', targetId: body.id, before: auditSnapshot(before), after: auditSnapshot(after) }, now);
      return reshapeView(after);
    });
  } catch (error) {
    if (violatedUniqueConstraint(error) === 'help_pages_slug_key') {
      throw conflict(MSG_HELP_SLUG_TAKEN, { cause: error, data: { field: 'slug', issues: [{ field: 'slug', code: 'custom', msg: MSG_HELP_SLUG_TAKEN }] } });
    }
    throw error;
  }
}

/** Publish or withdraw a page (a no-op when it already is so, and then no audit row). */
export async function publishHelpPage(db: Db, actor: OperatorActor, body: OpsPublishBody, now: Date): Promise<OpsHelpPageView> {
  return db.transaction(async (tx) => {
    const before = await loadRow(tx, body.id, true);
    if (before.isPublished === body.published) return reshapeView(before);
    await tx
      .update(helpPages)
      .set({ isPublished: body.published, revision: before.revision + 1, updatedAt: now, updatedBy: actor.operatorId })
      .where(eq(helpPages.id, body.id));
    const after = await loadRow(tx, body.id);
    await writeAudit(
      tx,
      actor,
      { action: body.published ? 'help.publish' : 'help.unpublish', targetType: 'help_page', targetId: body.id, before: { published: before.isPublished }, after: { published: after.isPublished } },
      now,
    );
    return reshapeView(after);
  });
}
