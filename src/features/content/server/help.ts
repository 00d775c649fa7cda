/**
 * The help centre (spec §7 help group: type list, page list, detail; searchable): pages
 * live in `help_pages`, edited by operators in the console (ops/content-help.ts). The Markdown
 * files of src/content/help are the shipped default set: `importShippedHelpPages` runs at every
 * start and inserts a file's page only when no page has its slug, so an operator's edit (or
 * withdrawal) is never overwritten (docs/decisions.md "Markdown content").
 *
 * Search: every word of the query must appear in the title or the plain text (ILIKE over the
 * stored plain text). Chinese has no spaces to split words on and most queries are one or two
 * characters, shorter than a trigram, so an index would not serve them; a scan of the published
 * pages is measured in docs/benchmarks.md (500 pages).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, asc, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { parse as parseYaml } from 'yaml';
import { HELP_SEARCH_MAX_RESULTS, HELP_SEARCH_SNIPPET_CHARS, HELP_TYPES } from '~/features/content/constants';
import { MSG_HELP_PAGE_NOT_FOUND, helpFrontMatterSchema, helpSearchTerms, helpSlugSchema, markdownBodySchema, type HelpPageDetail, type HelpPageSummary, type HelpSearchHit, type HelpSearchResult, type HelpTypeItem } from '~/features/content/contract/content';
import type { Db, DbOrTx } from '~/platform/db/client';
import { helpPages, type HelpPageRow } from '~/platform/db/schema';
import { AppError, notFound } from '~/platform/http/errors';
import { log } from '~/platform/config/log';
import { MARKDOWN_RENDERER_VERSION, MarkdownRefusedError, markdownToPlainText, renderMarkdown } from '~/features/content/server/markdown';

/** The shipped help files, relative to the project (the start passes its own absolute path). */
export const SHIPPED_HELP_DIR = path.join('src', 'content', 'help');

// ---------------------------------------------------------------------------------------------
// Rendering for storage

export interface RenderedBody {
  html: string;
  text: string;
}

/**
 * The HTML and plain text stored beside a Markdown body; a body the renderer refuses is a 400 that
 * names the `body_md` field (the console form shows it under the editor).
 */
export function renderBodyForStorage(markdown: string): RenderedBody {
  try {
    return { html: renderMarkdown(markdown), text: markdownToPlainText(markdown) };
  } catch (error) {
    if (error instanceof MarkdownRefusedError) {
      throw new AppError(1, error.message, 400, { cause: error, data: { field: 'body_md', issues: [{ field: 'body_md', code: 'custom', msg: error.message }] } });
    }
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Reading

/** Characters of a page's plain text its summary shows. */
export const HELP_SUMMARY_CHARS = 60;

const summarySelection = {
  slug: helpPages.slug,
  type: helpPages.type,
  title: helpPages.title,
  sortOrder: helpPages.sortOrder,
  updatedAt: helpPages.updatedAt,
  // One more than shown, so the reshape knows whether to add …
  textStart: sql<string>`left(${helpPages.bodyText}, ${HELP_SUMMARY_CHARS + 1})`,
};

type SummaryRow = Pick<HelpPageRow, 'slug' | 'type' | 'title' | 'sortOrder' | 'updatedAt'> & { textStart: string };

function summarize(textStart: string): string {
  const chars = Array.from(textStart.replace(/\s+/g, ' ').trim());
  return chars.length <= HELP_SUMMARY_CHARS ? chars.join('') : `${chars.slice(0, HELP_SUMMARY_CHARS).join('')}…`;
}

function reshapeSummary(row: SummaryRow): HelpPageSummary {
  return { slug: row.slug, type: row.type, title: row.title, order: row.sortOrder, summary: summarize(row.textStart), updated_at: row.updatedAt.toISOString() };
}

/** HELP_TYPES first in their order, then any other type by name. */
export function compareHelpTypes(a: string, b: string): number {
  const rank = (type: string): number => {
    const index = (HELP_TYPES as readonly string[]).indexOf(type);
    return index < 0 ? HELP_TYPES.length : index;
  };
  return rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0);
}

/**
 * compareHelpTypes in SQL, then the order within a type: what lists and search results are sorted
 * by before a LIMIT cuts them. "C" collation compares code points, as the JavaScript comparison does.
 */
const HELP_ORDER: SQL[] = [
  sql`coalesce(array_position(array[${sql.join(
    HELP_TYPES.map((type) => sql`${type}`),
    sql`, `,
  )}]::text[], ${helpPages.type}), ${HELP_TYPES.length + 1})`,
  sql`${helpPages.type} collate "C"`,
  asc(helpPages.sortOrder),
  sql`${helpPages.slug} collate "C"`,
];

/** The types that list at least one published page, in the help centre's order (spec §7 help "type list"). */
export async function listHelpTypes(db: Db): Promise<HelpTypeItem[]> {
  const rows = await db.select({ type: helpPages.type, n: count() }).from(helpPages).where(eq(helpPages.isPublished, true)).groupBy(helpPages.type);
  return rows.map((row) => ({ type: row.type, page_count: Number(row.n) })).sort((a, b) => compareHelpTypes(a.type, b.type));
}

/**
 * Published pages in the help centre's order: of one type (spec §7 help "page list"), or of every
 * type when `type` is absent (the help centre's home lists them all).
 */
export async function listHelpPages(db: Db, type?: string): Promise<HelpPageSummary[]> {
  const rows = await db
    .select(summarySelection)
    .from(helpPages)
    .where(and(eq(helpPages.isPublished, true), type === undefined ? undefined : eq(helpPages.type, type)))
    .orderBy(...HELP_ORDER);
  return rows.map(reshapeSummary);
}

/** One published page by its slug, with its HTML (spec §7 help "detail"); 404 帮助文档不存在. */
export async function getHelpPage(db: Db, slug: string): Promise<HelpPageDetail> {
  if (!helpSlugSchema.safeParse(slug).success) throw notFound(MSG_HELP_PAGE_NOT_FOUND);
  const [row] = await db
    .select({ ...summarySelection, html: helpPages.bodyHtml })
    .from(helpPages)
    .where(and(eq(helpPages.slug, slug), eq(helpPages.isPublished, true)))
    .limit(1);
  if (!row) throw notFound(MSG_HELP_PAGE_NOT_FOUND);
  return { ...reshapeSummary(row), html: row.html };
}

/** `%`, `_` and `\` of a search word are literal characters, not patterns. */
export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The plain text around the first match of any word (title matches show no snippet). */
export function searchSnippet(text: string, terms: readonly string[], width = HELP_SEARCH_SNIPPET_CHARS): HelpSearchHit['snippet'] {
  const flat = text.replace(/\s+/g, ' ');
  const lower = flat.toLowerCase();
  let at = -1;
  let length = 0;
  for (const term of terms) {
    const index = lower.indexOf(term.toLowerCase());
    if (index >= 0 && (at < 0 || index < at)) {
      at = index;
      length = term.length;
    }
  }
  if (at < 0) return null;
  const lead = Math.floor((width - length) / 3);
  const start = Math.max(0, at - Math.max(lead, 0));
  const end = Math.min(flat.length, Math.max(at + length, start + width));
  return {
    before: `${start > 0 ? '…' : ''}${flat.slice(start, at)}`,
    match: flat.slice(at, at + length),
    after: `${flat.slice(at + length, end)}${end < flat.length ? '…' : ''}`,
  };
}

/**
 * Published pages holding every word of `q` in the title or the text: title hits first, then the
 * help centre's order; at most HELP_SEARCH_MAX_RESULTS, with the total. `q` is the contract's
 * normalised query (helpSearchQuerySchema).
 */
export async function searchHelp(db: Db, q: string): Promise<HelpSearchResult> {
  const terms = helpSearchTerms(q);
  if (terms.length === 0) return { q, total: 0, list: [] };
  const patterns = terms.map((term) => `%${escapeLikePattern(term)}%`);
  const hits = await db
    .select({
      id: helpPages.id,
      slug: helpPages.slug,
      type: helpPages.type,
      title: helpPages.title,
      sortOrder: helpPages.sortOrder,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(helpPages)
    .where(and(eq(helpPages.isPublished, true), ...patterns.map((pattern) => searchTextMatches(pattern))))
    .orderBy(sql`(${sql.join(patterns.map((pattern) => sql`(lower(${helpPages.title}) like lower(${pattern}))::int`), sql` + `)}) desc`, ...HELP_ORDER)
    .limit(HELP_SEARCH_MAX_RESULTS);
  if (hits.length === 0) return { q, total: 0, list: [] };
  // The text only of the pages shown, not of every hit the sort and the count went through.
  const texts = new Map(
    (await db.select({ id: helpPages.id, text: helpPages.bodyText }).from(helpPages).where(inArray(helpPages.id, hits.map((hit) => hit.id)))).map((row) => [row.id, row.text]),
  );
  const list = hits.map((hit) => ({ slug: hit.slug, type: hit.type, title: hit.title, order: hit.sortOrder, snippet: searchSnippet(texts.get(hit.id) ?? '', terms) }));
  return { q, total: hits[0]!.total, list };
}

/**
 * `search_text` (title and plain text, lower-cased when written) holds the LIKE pattern: one
 * case-sensitive scan instead of ILIKE folding every character of every page on every query.
 */
export function searchTextMatches(pattern: string): SQL {
  return sql`${helpPages.searchText} like lower(${pattern})`;
}

// ---------------------------------------------------------------------------------------------
// The shipped default set

export interface ShippedHelpPage {
  slug: string;
  type: string;
  title: string;
  order: number;
  bodyMd: string;
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;

/** One shipped file: `<slug>.md` with YAML front matter (type, title, order) and a Markdown body. */
export function parseShippedHelpFile(fileName: string, source: string): ShippedHelpPage {
  const fail = (why: string): never => {
    throw new Error(`help file ${fileName}: ${why}`);
  };
  const slug = helpSlugSchema.safeParse(fileName.replace(/\.md$/, ''));
  if (!slug.success) fail('the file name must be a slug (lower-case words joined by hyphens) ending in .md');
  const match = FRONT_MATTER.exec(source.replace(/^\uFEFF/, ''));
  if (!match) return fail('front matter between --- lines is missing');
  let data: unknown;
  try {
    data = parseYaml(match[1]!);
  } catch (error) {
    return fail(`front matter is not YAML (${error instanceof Error ? error.message : String(error)})`);
  }
  const front = helpFrontMatterSchema.safeParse(data);
  if (!front.success) fail(`front matter: ${front.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  const body = markdownBodySchema.safeParse(match[2]!.trim());
  if (!body.success) fail(`body: ${body.error.issues[0]?.message}`);
  return { slug: slug.data!, type: front.data!.type, title: front.data!.title, order: front.data!.order, bodyMd: body.data! };
}

/** Every shipped help file of `dir`, in name order; a broken file stops the start with its name. */
export async function readShippedHelpPages(dir: string): Promise<ShippedHelpPage[]> {
  let names: string[];
  try {
    names = (await fs.readdir(dir)).filter((name) => name.endsWith('.md')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      log.warn('no shipped help pages: folder missing', { dir });
      return [];
    }
    throw error;
  }
  return Promise.all(names.map(async (name) => parseShippedHelpFile(name, await fs.readFile(path.join(dir, name), 'utf8'))));
}

export interface HelpImportResult {
  /** Slugs inserted now (no page had them). */
  inserted: string[];
  /** Pages whose stored HTML an older renderer made, rendered again. */
  rerendered: number;
}

/**
 * Inserts each shipped page whose slug no row has (never touching an existing row: an operator's
 * edit or withdrawal stands), then renders again the pages an older renderer made. Runs at every
 * start, after migrating; on PostgreSQL under the migration lock, so processes starting together
 * do it once.
 */
export async function importShippedHelpPages(db: Db, shipped: readonly ShippedHelpPage[], now: Date): Promise<HelpImportResult> {
  const inserted: string[] = [];
  await db.transaction(async (tx) => {
    for (const page of shipped) {
      const rendered = renderBodyForStorage(page.bodyMd);
      const rows = await tx
        .insert(helpPages)
        .values({
          slug: page.slug,
          type: page.type,
          title: page.title,
          sortOrder: page.order,
          bodyMd: page.bodyMd,
          bodyHtml: rendered.html,
          bodyText: rendered.text,
          rendererVersion: MARKDOWN_RENDERER_VERSION,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: helpPages.slug })
        .returning({ slug: helpPages.slug });
      if (rows.length > 0) inserted.push(page.slug);
    }
  });
  const rerendered = await refreshStaleHelpPages(db);
  if (inserted.length > 0 || rerendered > 0) log.info('help pages imported', { inserted: inserted.length, rerendered });
  return { inserted, rerendered };
}

/**
 * Renders again every page whose HTML an older renderer version made (MARKDOWN_RENDERER_VERSION):
 * a tightened sanitiser applies to what was saved before it. Neither updated_at nor revision moves:
 * nobody edited the page.
 */
export async function refreshStaleHelpPages(db: DbOrTx): Promise<number> {
  const stale = await db
    .select({ id: helpPages.id, bodyMd: helpPages.bodyMd })
    .from(helpPages)
    .where(ne(helpPages.rendererVersion, MARKDOWN_RENDERER_VERSION));
  for (const row of stale) {
    let rendered: RenderedBody;
    try {
      rendered = renderBodyForStorage(row.bodyMd);
    } catch (error) {
      // A body the new renderer refuses is withdrawn rather than shown as the old renderer made it.
      log.warn('help page withdrawn: its body no longer renders', { id: row.id, error: error instanceof Error ? error.message : String(error) });
      await db.update(helpPages).set({ isPublished: false, rendererVersion: MARKDOWN_RENDERER_VERSION }).where(eq(helpPages.id, row.id));
      continue;
    }
    await db
      .update(helpPages)
      .set({ bodyHtml: rendered.html, bodyText: rendered.text, rendererVersion: MARKDOWN_RENDERER_VERSION })
      .where(eq(helpPages.id, row.id));
  }
  return stale.length;
}

/** The start's step: read the shipped files of `dir` and import them (see importShippedHelpPages). */
export async function importHelpPagesFromDir(db: Db, dir: string, now: Date = new Date()): Promise<HelpImportResult> {
  return importShippedHelpPages(db, await readShippedHelpPages(dir), now);
}
