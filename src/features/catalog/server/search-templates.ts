/**
 * Saved rental-hall searches (docs/user-catalog-api.md "Search templates"; spec §7 zuhao group
 * "search templates list/add/delete"): a name and the hall path with its query, at most
 * SEARCH_TEMPLATES_MAX per user, names unique per user (search_templates_user_name_key).
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { SEARCH_TEMPLATES_MAX } from '~/features/catalog/constants';
import type { Db } from '~/platform/db/client';
import { violatedUniqueConstraint } from '~/platform/db/errors';
import { searchTemplates } from '~/platform/db/schema';
import { badRequest, conflict, notFound } from '~/platform/http/errors';
import { isRowId } from '~/features/catalog/server/catalog';
import type { SearchTemplate, SearchTemplateList } from '~/features/catalog/contract/user-catalog';
import type { AddTemplateInput } from '~/features/catalog/wire';

export type { SearchTemplate, SearchTemplateList } from '~/features/catalog/contract/user-catalog';

export const MSG_INVALID_TEMPLATE_PATH = '无效的筛选条件';
export const MSG_TEMPLATE_NAME_TAKEN = '模板名称已存在';
export const MSG_TOO_MANY_TEMPLATES = `最多保存${SEARCH_TEMPLATES_MAX}个搜索模板`;
export const MSG_TEMPLATE_NOT_FOUND = '模板不存在';

/** search_templates.path is varchar(500). */
export const TEMPLATE_PATH_MAX_LENGTH = 500;
/**
 * A rental-hall path: /zuhao.html or /zuhao/<game id>.html, with an optional query and no
 * fragment. Only a same-site relative path passes, so a template can never link elsewhere.
 */
const HALL_PATH = /^\/zuhao(\/\d{1,9})?\.html(\?[^#]*)?$/;
/** Control characters never belong in a URL a browser produced (and `[^#]*` would let them in). */
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
/**
 * First key of the transaction-scoped advisory lock that serialises one user's template inserts
 * (the second key is the user id), so two adds racing at 19 templates cannot both pass the count.
 */
const TEMPLATE_LOCK_NAMESPACE = 0x7e3a;

const templateSelection = {
  id: searchTemplates.id,
  name: searchTemplates.name,
  path: searchTemplates.path,
  createdAt: searchTemplates.createdAt,
};

function reshapeTemplate(row: { id: number; name: string; path: string; createdAt: Date }): SearchTemplate {
  return { id: row.id, name: row.name, path: row.path, created_at: row.createdAt.toISOString() };
}

/** Whether `path` may be saved as a template: a rental-hall path with an optional query, ≤ 500 characters. */
export function isHallPath(path: string): boolean {
  return path.length <= TEMPLATE_PATH_MAX_LENGTH && HALL_PATH.test(path) && !CONTROL_CHARACTER.test(path);
}

/** The user's templates, newest first. */
export async function listSearchTemplates(db: Db, userId: number): Promise<SearchTemplateList> {
  const rows = await db
    .select(templateSelection)
    .from(searchTemplates)
    .where(eq(searchTemplates.userId, userId))
    .orderBy(desc(searchTemplates.createdAt), desc(searchTemplates.id));
  return { list: rows.map(reshapeTemplate) };
}

/**
 * Save a template (`name` already trimmed). 400 无效的筛选条件 for a path that is not a hall path,
 * 400 最多保存20个搜索模板 when the user already has SEARCH_TEMPLATES_MAX (counted in the insert's
 * transaction, under a per-user lock), 409 模板名称已存在 when the user already has that name (the
 * unique index decides, so two racing adds of one name cannot both succeed).
 */
export async function addSearchTemplate(
  db: Db,
  userId: number,
  input: AddTemplateInput,
  now: Date,
): Promise<SearchTemplate> {
  if (!isHallPath(input.path)) throw badRequest(MSG_INVALID_TEMPLATE_PATH);
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${TEMPLATE_LOCK_NAMESPACE}::int, ${userId}::int)`);
      const [existing] = await tx.select({ n: count() }).from(searchTemplates).where(eq(searchTemplates.userId, userId));
      if (Number(existing?.n ?? 0) >= SEARCH_TEMPLATES_MAX) throw badRequest(MSG_TOO_MANY_TEMPLATES);
      const [row] = await tx
        .insert(searchTemplates)
        .values({ userId, name: input.name, path: input.path, createdAt: now })
        .returning(templateSelection);
      if (!row) throw new Error('insert into search_templates returned no row');
      return reshapeTemplate(row);
    });
  } catch (error) {
    if (violatedUniqueConstraint(error) === 'search_templates_user_name_key') {
      throw conflict(MSG_TEMPLATE_NAME_TAKEN, { cause: error });
    }
    throw error;
  }
}

/** Delete one of the user's templates; another user's or an unknown id → 404 模板不存在. */
export async function removeSearchTemplate(db: Db, userId: number, id: number): Promise<void> {
  if (!isRowId(id)) throw notFound(MSG_TEMPLATE_NOT_FOUND);
  const deleted = await db
    .delete(searchTemplates)
    .where(and(eq(searchTemplates.id, id), eq(searchTemplates.userId, userId)))
    .returning({ id: searchTemplates.id });
  if (deleted.length === 0) throw notFound(MSG_TEMPLATE_NOT_FOUND);
}
