/**
 * The content's tables: announcements and help pages (Markdown, edited in the console) and the
 * site settings operators change without a deploy.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from '~/platform/db/columns';
import { bytea, operators, users } from '~/platform/db/tables';

/** Platform announcements (公告): the home list shows the latest, each has a detail page. */
export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 120 }).notNull(),
    content: text('content').notNull(),
    /** Pinned announcements come first. */
    isPinned: boolean('is_pinned').notNull().default(false),
    /** Shown from this time on; a future time schedules it. */
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    // ---- Markdown content: `content` is Markdown; an operator can withdraw an announcement.
    /** False: withdrawn (or a draft), shown nowhere whatever published_at says. */
    isPublished: boolean('is_published').notNull().default(true),
    /** Raised by every edit; an edit made from an older revision is refused (two operators, one form). */
    revision: integer('revision').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The operator of the last change; null for the seeded ones. */
    updatedBy: integer('updated_by').references(() => operators.id),
  },
  (t) => [index('announcements_list_idx').on(t.isPinned.desc().nullsFirst(), t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

export type AnnouncementRow = typeof announcements.$inferSelect;
export type NewAnnouncementRow = typeof announcements.$inferInsert;

// ---------------------------------------------------------------------------------------------
// site settings

/**
 * Settings operators change without a deploy (commission, holds, review; the console is).
 * One JSON value per key, read through services/site-settings.ts, which holds every default.
 */
export const siteSettings = pgTable('site_settings', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------
// Markdown content: the help centre (console, help centre)

/**
 * Help pages, edited by operators in the console (docs/decisions.md "Markdown content"). The
 * Markdown files of src/content/help are the shipped default set: each is inserted at start when no
 * page has its slug, and never overwrites a row. The HTML and plain text are made by the one
 * renderer (services/markdown.ts) when a page is saved; `renderer_version` names the renderer that
 * made them, so the start renders again what an older renderer made.
 */
export const helpPages = pgTable(
  'help_pages',
  {
    id: serial('id').primaryKey(),
    /** The page's address: /help/<slug>. Fixed once created (links and the shipped files name it). */
    slug: varchar('slug', { length: 64 }).notNull(),
    /** The help type (category) the page is listed under. */
    type: varchar('type', { length: 16 }).notNull(),
    title: varchar('title', { length: 64 }).notNull(),
    /** Order within its type, ascending. */
    sortOrder: integer('sort_order').notNull().default(0),
    bodyMd: text('body_md').notNull(),
    bodyHtml: text('body_html').notNull(),
    /** What a reader sees, as plain text (list summaries, search snippets). */
    bodyText: text('body_text').notNull(),
    /**
     * What search matches: title and text, lower-cased once when written, so a search is a plain
     * LIKE instead of ILIKE folding the case of every character of every page on every query
     * (2-5× faster, docs/benchmarks.md "Help search").
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower("title" || chr(10) || "body_text")`),
    rendererVersion: smallint('renderer_version').notNull(),
    isPublished: boolean('is_published').notNull().default(true),
    /** Raised by every edit; an edit made from an older revision is refused. */
    revision: integer('revision').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The operator of the last change; null while the page is as the shipped file made it. */
    updatedBy: integer('updated_by').references(() => operators.id),
  },
  (t) => [
    uniqueIndex('help_pages_slug_key').on(t.slug),
    index('help_pages_type_idx').on(t.type, t.sortOrder, t.id).where(sql`${t.isPublished}`),
    check('help_pages_slug_check', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check('help_pages_sort_order_check', sql`${t.sortOrder} between -100000 and 100000`),
  ],
);

export type HelpPageRow = typeof helpPages.$inferSelect;
export type NewHelpPageRow = typeof helpPages.$inferInsert;

// ---------------------------------------------------------------------------------------------
// Agreements: 《平台服务协议》 and 《隐私政策》 (docs/decisions.md "Agreements and the site footer")

/**
 * Every published version of the two agreements. A publish inserts the next version of its
 * document; no row is ever changed or removed (a trigger refuses UPDATE, DELETE and TRUNCATE), so
 * what a user accepted stays readable at /agreement/<document>?v=<version>. The HTML is what the
 * one renderer made at publish time; a row whose renderer_version is older is rendered again when
 * read, never rewritten.
 */
export const agreementVersions = pgTable(
  'agreement_versions',
  {
    id: serial('id').primaryKey(),
    /** 'service' (平台服务协议) or 'privacy' (隐私政策). */
    document: varchar('document', { length: 16 }).notNull(),
    /** 1, 2, 3 ... per document, in publish order. */
    version: integer('version').notNull(),
    bodyMd: text('body_md').notNull(),
    bodyHtml: text('body_html').notNull(),
    rendererVersion: smallint('renderer_version').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The operator who published it; null for the demo seed's first versions. */
    publishedBy: integer('published_by').references(() => operators.id),
  },
  (t) => [
    uniqueIndex('agreement_versions_document_version_key').on(t.document, t.version),
    check('agreement_versions_document_check', sql`${t.document} in ('service', 'privacy')`),
    check('agreement_versions_version_check', sql`${t.version} >= 1`),
  ],
);

export type AgreementVersionRow = typeof agreementVersions.$inferSelect;

/**
 * Which version of which agreement a user accepted, and when: written when the user registers or
 * signs in with the agreement box ticked, once per (user, version). Append-only like the ledgers.
 */
export const userAgreementAcceptances = pgTable(
  'user_agreement_acceptances',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    agreementVersionId: integer('agreement_version_id')
      .notNull()
      .references(() => agreementVersions.id),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.agreementVersionId] })],
);

// ---------------------------------------------------------------------------------------------
// Launcher builds (docs/decisions.md "Launcher builds in the database")

/**
 * A launcher build uploaded in the console. Its bytes are the `download_chunks` rows, so every
 * process behind a balancer serves the same file. A row is written `uploading` before the first
 * chunk and turns `ready` (size and SHA-256 set) only after the last one, so a half-uploaded file
 * is never offered; `deleted` keeps the name after its chunks are gone, so an old link answers 410.
 */
export const downloadFiles = pgTable(
  'download_files',
  {
    id: serial('id').primaryKey(),
    /** The plain file name /downloads/<name> serves (isDownloadFileName). */
    name: varchar('name', { length: 128 }).notNull(),
    state: varchar('state', { length: 16 }).$type<'uploading' | 'ready' | 'deleted'>().notNull(),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    /** Lowercase hex; null until the last chunk is in. */
    sha256: varchar('sha256', { length: 64 }),
    /** Bytes per chunk (the last may be shorter): a range request finds its first chunk by division. */
    chunkBytes: integer('chunk_bytes').notNull(),
    chunkCount: integer('chunk_count').notNull().default(0),
    /** The operator who uploaded it; null for a file the start imported or the demo seed stored. */
    uploadedBy: integer('uploaded_by').references(() => operators.id),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('download_files_name_key').on(t.name),
    check('download_files_state_check', sql`${t.state} in ('uploading', 'ready', 'deleted')`),
    check('download_files_ready_check', sql`${t.state} <> 'ready' or (${t.sha256} is not null and ${t.size} > 0 and ${t.completedAt} is not null)`),
    check('download_files_chunk_check', sql`${t.chunkBytes} > 0 and ${t.chunkCount} >= 0 and ${t.size} >= 0`),
  ],
);

export type DownloadFileRow = typeof downloadFiles.$inferSelect;

/** The bytes of a build, in order; removed with their file row (or when the build is deleted). */
export const downloadChunks = pgTable(
  'download_chunks',
  {
    fileId: integer('file_id')
      .notNull()
      .references(() => downloadFiles.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.seq] })],
);
