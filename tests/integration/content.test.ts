/**
 * Markdown content (issue 15 console, issue 16 help centre) on PGlite and PostgreSQL: the shipped
 * help files imported without overwriting operators' edits, the help centre's calls and search,
 * publish and withdraw, the preview that equals what is published, Markdown announcements, content
 * images, and an audit row with every change (and none, with no change, when a change fails).
 */
import path from 'node:path';
import { and, asc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { HELP_SEARCH_MAX_RESULTS, MARKDOWN_BODY_MAX_CHARS } from '~/features/content/constants';
import { MSG_CONTENT_STALE, MSG_HELP_PAGE_NOT_FOUND, MSG_HELP_SLUG_TAKEN, type ContentImage, type HelpPageDetail, type HelpPageSummary, type HelpSearchResult, type HelpTypeItem, type MarkdownPreview, type OpsAnnouncementView, type OpsHelpPageRow, type OpsHelpPageView } from '~/features/content/contract/content';
import type { Page } from '~/platform/wire/common';
import type { Db } from '~/platform/db/client';
import { announcements, helpPages, opsAuditLog, uploadedImages } from '~/platform/db/schema';
import { ANNOUNCEMENT_SEEDS } from '~/app/seed/home';
import type { Announcement, AnnouncementSummary } from '~/features/catalog/server/catalog.types';
import { getCatalogVersion } from '~/platform/edge/catalog-version';
import { SHIPPED_HELP_DIR, importShippedHelpPages, parseShippedHelpFile, readShippedHelpPages, refreshStaleHelpPages, searchSnippet, type ShippedHelpPage } from '~/features/content/server/help';
import { MSG_MARKDOWN_TOO_DEEP, renderMarkdown } from '~/features/content/server/markdown';
import { createOperator, openOperatorSession } from '~/features/console/server/operators';
import { GET as helpTypesRoute } from '~/pages/api/v1/help/types';
import { GET as helpPagesRoute } from '~/pages/api/v1/help/pages';
import { GET as helpPageRoute } from '~/pages/api/v1/help/page';
import { GET as helpSearchRoute } from '~/pages/api/v1/help/search';
import { GET as announcementRoute } from '~/pages/api/v1/home/announcement';
import { GET as announcementsRoute } from '~/pages/api/v1/home/announcements';
import { POST as previewRoute } from '~/pages/api/v1/ops/content/preview';
import { POST as imageRoute } from '~/pages/api/v1/ops/content/image';
import { GET as opsHelpListRoute } from '~/pages/api/v1/ops/content/help/index';
import { GET as opsHelpDetailRoute } from '~/pages/api/v1/ops/content/help/detail';
import { POST as helpSaveRoute } from '~/pages/api/v1/ops/content/help/save';
import { POST as helpPublishRoute } from '~/pages/api/v1/ops/content/help/publish';
import { GET as opsAnnouncementDetailRoute } from '~/pages/api/v1/ops/content/announcements/detail';
import { POST as announcementSaveRoute } from '~/pages/api/v1/ops/content/announcements/save';
import { POST as announcementPublishRoute } from '~/pages/api/v1/ops/content/announcements/publish';
import { POST as announcementPinRoute } from '~/pages/api/v1/ops/content/announcements/pin';
import type { APIContext } from 'astro';
import { TEST_DRIVERS } from './drivers';
import { callRoute, expectError, expectOk } from './endpoint-call';
import { suiteContext, useSuiteDatabase } from './route-context';

/** What announcements showed before they were Markdown: blank lines split paragraphs, a newline is a break. */
function oldPlainTextRendering(content: string): string[] {
  return content.split(/\n\s*\n/).map((paragraph) => paragraph.split('\n').join('\n'));
}

/** The paragraphs' text as a browser would read it from the HTML (no tags, breaks as newlines). */
function paragraphTexts(html: string): string[] {
  return [...html.matchAll(/<p>([\s\S]*?)<\/p>/g)].map((match) => match[1]!.replace(/<br>\n?/g, '\n'));
}

async function pngBytes(colour: string): Promise<Uint8Array> {
  return new Uint8Array(await sharp({ create: { width: 40, height: 30, channels: 3, background: colour } }).png().toBuffer());
}

for (const { driver, label, skip } of TEST_DRIVERS) {
  describe.skipIf(skip)(`Markdown content (${label})`, () => {
    let db: Db;
    let operations: { id: number; cookie: string; username: string };
    let shipped: ShippedHelpPage[];

    useSuiteDatabase({ driver, skip, seed: true }, (opened) => {
      db = opened;
    });

    beforeAll(async () => {
      if (skip) return;
      const row = await createOperator(db, { username: `content_${driver}`, password: 'content_pass_01', role: 'operations', displayName: '内容运营' });
      operations = { id: row.id, username: row.username, cookie: (await openOperatorSession(db, row.id, new Date())).cookie };
      shipped = await readShippedHelpPages(path.resolve(SHIPPED_HELP_DIR));
      // What every start does before the demo seed (app/boot.ts); the shared test seed leaves
      // it out so suites that never read help pages do not pay for rendering them.
      await importShippedHelpPages(db, shipped, new Date());
      expect(suiteContext.db).toBe(db);
    });

    const ops = <T,>(route: Parameters<typeof callRoute>[0], urlPath: string, body?: unknown) =>
      callRoute<T>(route, urlPath, body === undefined ? { cookie: operations.cookie } : { method: 'POST', body, cookie: operations.cookie });

    const auditRows = (targetType: string, targetId: number) =>
      db
        .select()
        .from(opsAuditLog)
        .where(and(eq(opsAuditLog.targetType, targetType), eq(opsAuditLog.targetId, String(targetId))))
        .orderBy(asc(opsAuditLog.id));

    async function helpRow(slug: string) {
      const [row] = await db.select().from(helpPages).where(eq(helpPages.slug, slug));
      return row!;
    }

    async function createHelp(slug: string, overrides: Record<string, unknown> = {}): Promise<OpsHelpPageView> {
      return expectOk(
        await ops<OpsHelpPageView>(helpSaveRoute, '/api/v1/ops/content/help/save', {
          mode: 'create',
          slug,
          type: '租号指南',
          title: `测试页 ${slug}`,
          order: 50,
          body_md: `## 小节\n\n测试正文 ${slug}`,
          published: true,
          ...overrides,
        }),
      );
    }

    // -------------------------------------------------------------------------------------------
    // The shipped default set

    describe('the shipped help files', () => {
      it('are every one imported at start, rendered by the one renderer', async () => {
        expect(shipped.length).toBeGreaterThanOrEqual(6);
        const rows = await db.select().from(helpPages);
        for (const page of shipped) {
          const row = rows.find((candidate) => candidate.slug === page.slug)!;
          expect(row, page.slug).toBeDefined();
          expect({ type: row.type, title: row.title, order: row.sortOrder, body: row.bodyMd, published: row.isPublished, by: row.updatedBy }).toEqual({
            type: page.type,
            title: page.title,
            order: page.order,
            body: page.bodyMd,
            published: true,
            by: null,
          });
          expect(row.bodyHtml).toBe(renderMarkdown(page.bodyMd));
        }
      });

      it('never overwrite an operator edit or withdrawal when imported again, and add only slugs no page has', async () => {
        const target = shipped.find((page) => page.slug === 'deposit-refund')!;
        const before = await helpRow(target.slug);
        const edited = expectOk(
          await ops<OpsHelpPageView>(helpSaveRoute, '/api/v1/ops/content/help/save', {
            mode: 'update',
            id: before.id,
            revision: before.revision,
            type: before.type,
            title: '押金与退款（运营修订）',
            order: before.sortOrder,
            body_md: '运营修改后的正文',
            published: true,
          }),
        );
        const withdrawn = await helpRow('reservation');
        expectOk(await ops(helpPublishRoute, '/api/v1/ops/content/help/publish', { id: withdrawn.id, published: false }));

        // The next start brings the same files, one of them changed by a new release, and a new one.
        const release = shipped.map((page) => (page.slug === target.slug ? { ...page, title: '新版本的标题', bodyMd: '新版本的正文' } : page));
        const added: ShippedHelpPage = { slug: `new-in-release-${driver}`, type: '账号安全', title: '新版本新增', order: 9, bodyMd: '新增页面的正文' };
        const result = await importShippedHelpPages(db, [...release, added], new Date());
        expect(result.inserted).toEqual([added.slug]);

        const after = await helpRow(target.slug);
        expect({ title: after.title, body: after.bodyMd, revision: after.revision }).toEqual({ title: '押金与退款（运营修订）', body: '运营修改后的正文', revision: edited.revision });
        expect((await helpRow('reservation')).isPublished).toBe(false);
        expect((await helpRow(added.slug)).title).toBe('新版本新增');

        // Put the shared fixture back for the tests below.
        expectOk(await ops(helpPublishRoute, '/api/v1/ops/content/help/publish', { id: withdrawn.id, published: true }));
      });

      it('render again what an older renderer made, without counting it as an edit', async () => {
        const row = await helpRow('how-to-rent');
        await db.update(helpPages).set({ bodyHtml: '<p>stale</p>', rendererVersion: 0 }).where(eq(helpPages.id, row.id));
        expect(await refreshStaleHelpPages(db)).toBe(1);
        const after = await helpRow('how-to-rent');
        expect(after.bodyHtml).toBe(renderMarkdown(after.bodyMd));
        expect({ revision: after.revision, updatedAt: after.updatedAt }).toEqual({ revision: row.revision, updatedAt: row.updatedAt });
      });

      it.each([
        ['Bad_Name.md', '---\ntype: a\ntitle: b\norder: 1\n---\nx', /file name/],
        ['no-front.md', 'just text', /front matter between/],
        ['bad-yaml.md', '---\ntype: [\n---\nx', /not YAML/],
        ['no-type.md', '---\ntitle: b\norder: 1\n---\nx', /type/],
        ['extra-key.md', '---\ntype: a\ntitle: b\norder: 1\ncategory: c\n---\nx', /category/],
        ['float-order.md', '---\ntype: a\ntitle: b\norder: 1.5\n---\nx', /order/],
        ['empty-body.md', '---\ntype: a\ntitle: b\norder: 1\n---\n\n', /body/],
        ['search.md', '---\ntype: a\ntitle: b\norder: 1\n---\nx', /file name/],
      ])('refuse a broken file %s with its name', (name, source, why) => {
        expect(() => parseShippedHelpFile(name, source)).toThrow(new RegExp(`help file ${name.replace('.', '\\.')}: .*${why.source}`));
      });
    });

    // -------------------------------------------------------------------------------------------
    // The help centre's calls

    describe('the help centre', () => {
      it('lists the types in the configured order with their published page counts', async () => {
        const types = expectOk(await callRoute<HelpTypeItem[]>(helpTypesRoute, '/api/v1/help/types'));
        expect(types.slice(0, 3).map((item) => item.type)).toEqual(['租号指南', '费用与退款', '账号安全']);
        const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(helpPages).where(and(eq(helpPages.type, '租号指南'), eq(helpPages.isPublished, true)));
        expect(types[0]!.page_count).toBe(row!.n);
      });

      it('lists a type’s pages in their order and answers one page by its slug', async () => {
        const pages = expectOk(await callRoute<HelpPageSummary[]>(helpPagesRoute, `/api/v1/help/pages?type=${encodeURIComponent('租号指南')}`));
        expect(pages.map((page) => page.order)).toEqual([...pages.map((page) => page.order)].sort((a, b) => a - b));
        expect(pages.map((page) => page.slug)).toEqual(expect.arrayContaining(['how-to-rent', 'time-slots', 'reservation']));
        expect(pages.find((page) => page.slug === 'how-to-rent')!.summary).toMatch(/^在 租号大厅 选择游戏/);

        const page = expectOk(await callRoute<HelpPageDetail>(helpPageRoute, '/api/v1/help/page?slug=time-slots'));
        expect(page).toMatchObject({ slug: 'time-slots', title: '时段租说明', type: '租号指南' });
        expect(page.html).toContain('<table>');

        expectError(await callRoute(helpPageRoute, '/api/v1/help/page?slug=no-such-page'), 404, MSG_HELP_PAGE_NOT_FOUND);
        expect((await callRoute(helpPageRoute, '/api/v1/help/page?slug=..%2Fetc')).status).toBe(400);
        expect((await callRoute(helpPagesRoute, '/api/v1/help/pages')).status).toBe(400);
      });

      it('finds pages by Chinese words in the body and title, title hits first, every word required', async () => {
        const search = async (q: string) => expectOk(await callRoute<HelpSearchResult>(helpSearchRoute, `/api/v1/help/search?q=${encodeURIComponent(q)}`));
        const deposit = await search('押金');
        expect(deposit.list.map((hit) => hit.slug)).toContain('how-to-rent');
        expect(deposit.list[0]!.title).toContain('押金');
        const snippet = deposit.list.find((hit) => hit.slug === 'how-to-rent')!.snippet!;
        expect(snippet.match).toBe('押金');

        expect((await search('时段 窗口')).list.map((hit) => hit.slug)).toEqual(['time-slots']);
        expect((await search('时段   窗口')).q).toBe('时段 窗口');
        expect((await search('押金 不存在的词')).total).toBe(0);
        // Case-insensitive for Latin letters; LIKE's wildcards are plain characters.
        expect((await search('vip')).list.map((hit) => hit.slug)).toContain('vip-discount');
        expect((await search('%')).total).toBe(0);
        expect((await search('_')).total).toBe(0);
        // Markdown marks are not searched as text: **租号大厅** is found as 租号大厅, and ** is not there.
        expect((await search('**')).total).toBe(0);

        expect((await callRoute(helpSearchRoute, '/api/v1/help/search?q=')).status).toBe(400);
        expect((await callRoute(helpSearchRoute, `/api/v1/help/search?q=${'字'.repeat(51)}`)).status).toBe(400);
        expect((await callRoute(helpSearchRoute, '/api/v1/help/search?q=a+b+c+d+e+f')).status).toBe(400);
      });

      it('caps the list of hits and says how many there were', async () => {
        for (let n = 0; n < HELP_SEARCH_MAX_RESULTS + 3; n += 1) await createHelp(`cap-${driver}-${n}`, { body_md: `限量测试词 第 ${n} 篇` });
        const result = expectOk(await callRoute<HelpSearchResult>(helpSearchRoute, `/api/v1/help/search?q=${encodeURIComponent('限量测试词')}`));
        expect(result.total).toBe(HELP_SEARCH_MAX_RESULTS + 3);
        expect(result.list).toHaveLength(HELP_SEARCH_MAX_RESULTS);
      });

      it('cuts a snippet around the first match', () => {
        const text = `${'前'.repeat(100)}关键${'后'.repeat(100)}`;
        const snippet = searchSnippet(text, ['关键'], 20)!;
        expect(snippet.match).toBe('关键');
        expect(snippet.before.startsWith('…')).toBe(true);
        expect(snippet.after.endsWith('…')).toBe(true);
        expect(Array.from(snippet.before + snippet.match + snippet.after).length).toBeLessThanOrEqual(22);
        expect(searchSnippet('abc', ['x'])).toBeNull();
      });
    });

    // -------------------------------------------------------------------------------------------
    // Console: help pages

    describe('help pages in the console', () => {
      it('publishes at once, withdraws at once, and raises the page cache version with each', async () => {
        const page = await createHelp(`visible-${driver}`, { body_md: '独一无二的可见性测试词', published: false });
        const findable = async () => expectOk(await callRoute<HelpSearchResult>(helpSearchRoute, `/api/v1/help/search?q=${encodeURIComponent('独一无二的可见性测试词')}`)).total;
        expectError(await callRoute(helpPageRoute, `/api/v1/help/page?slug=${page.slug}`), 404, MSG_HELP_PAGE_NOT_FOUND);
        expect(await findable()).toBe(0);

        const v0 = await getCatalogVersion(db);
        expectOk(await ops(helpPublishRoute, '/api/v1/ops/content/help/publish', { id: page.id, published: true }));
        expect(await getCatalogVersion(db)).toBeGreaterThan(v0);
        expect(expectOk(await callRoute<HelpPageDetail>(helpPageRoute, `/api/v1/help/page?slug=${page.slug}`)).title).toBe(page.title);
        expect(await findable()).toBe(1);

        const v1 = await getCatalogVersion(db);
        expectOk(await ops(helpPublishRoute, '/api/v1/ops/content/help/publish', { id: page.id, published: false }));
        expect(await getCatalogVersion(db)).toBeGreaterThan(v1);
        expectError(await callRoute(helpPageRoute, `/api/v1/help/page?slug=${page.slug}`), 404, MSG_HELP_PAGE_NOT_FOUND);
        expect(await findable()).toBe(0);

        const rows = await auditRows('help_page', page.id);
        expect(rows.map((row) => [row.action, row.operatorId, row.before, row.after])).toEqual([
          ['help.create', operations.id, null, expect.objectContaining({ slug: page.slug, published: false, body_md: '独一无二的可见性测试词' })],
          ['help.publish', operations.id, { published: false }, { published: true }],
          ['help.unpublish', operations.id, { published: true }, { published: false }],
        ]);
        // Asking for what already is so changes nothing and writes nothing.
        expectOk(await ops(helpPublishRoute, '/api/v1/ops/content/help/publish', { id: page.id, published: false }));
        expect(await auditRows('help_page', page.id)).toHaveLength(3);
      });

      it('publishes exactly the HTML the preview showed', async () => {
        const markdown = '# 标题\n\n[外链](https://example.com) ![图](https://evil.example/x.png) <script>alert(1)</script>\n\n| a | b |\n|---|---|\n| 1 | 2 |';
        const preview = expectOk(await ops<MarkdownPreview>(previewRoute, '/api/v1/ops/content/preview', { body_md: markdown }));
        const page = await createHelp(`preview-${driver}`, { body_md: markdown });
        const published = expectOk(await callRoute<HelpPageDetail>(helpPageRoute, `/api/v1/help/page?slug=${page.slug}`));
        expect(published.html).toBe(preview.html);
        expect(preview.html).not.toContain('<script');
        expect(preview.html).not.toContain('evil.example');
      });

      it('edits from the revision it was opened at, and refuses a stale one without changing anything', async () => {
        const page = await createHelp(`stale-${driver}`);
        const first = { mode: 'update', id: page.id, revision: page.revision, type: page.type, title: '第一次修改', order: page.order, body_md: '第一次', published: true };
        const saved = expectOk(await ops<OpsHelpPageView>(helpSaveRoute, '/api/v1/ops/content/help/save', first));
        expect(saved.revision).toBe(page.revision + 1);
        expect(saved.updated_by).toBe(operations.username);

        const auditBefore = (await auditRows('help_page', page.id)).length;
        expectError(await ops(helpSaveRoute, '/api/v1/ops/content/help/save', { ...first, title: '过时的修改', body_md: '过时' }), 409, MSG_CONTENT_STALE);
        expect((await helpRow(page.slug)).title).toBe('第一次修改');
        expect(await auditRows('help_page', page.id)).toHaveLength(auditBefore);

        const [update] = (await auditRows('help_page', page.id)).filter((row) => row.action === 'help.update');
        expect(update!.before).toMatchObject({ title: page.title, body_md: `## 小节\n\n测试正文 ${page.slug}` });
        expect(update!.after).toMatchObject({ title: '第一次修改', body_md: '第一次' });
      });

      it('refuses a taken or reserved slug, and a body the renderer refuses, naming the field', async () => {
        const taken = await ops(helpSaveRoute, '/api/v1/ops/content/help/save', { mode: 'create', slug: 'how-to-rent', type: 'x', title: 'x', order: 1, body_md: 'x', published: true });
        expectError(taken, 409, MSG_HELP_SLUG_TAKEN);
        expect(taken.body.data).toMatchObject({ field: 'slug' });
        expect((await ops(helpSaveRoute, '/api/v1/ops/content/help/save', { mode: 'create', slug: 'search', type: 'x', title: 'x', order: 1, body_md: 'x', published: true })).status).toBe(400);
        expect((await ops(helpSaveRoute, '/api/v1/ops/content/help/save', { mode: 'create', slug: 'Bad Slug', type: 'x', title: 'x', order: 1, body_md: 'x', published: true })).status).toBe(400);

        const deep = await ops(helpSaveRoute, '/api/v1/ops/content/help/save', { mode: 'create', slug: `deep-${driver}`, type: 'x', title: 'x', order: 1, body_md: '> '.repeat(40), published: true });
        expectError(deep, 400, MSG_MARKDOWN_TOO_DEEP);
        expect(deep.body.data).toMatchObject({ field: 'body_md' });
        expect((await ops(previewRoute, '/api/v1/ops/content/preview', { body_md: '> '.repeat(40) })).status).toBe(400);
        expect((await ops(previewRoute, '/api/v1/ops/content/preview', { body_md: '字'.repeat(MARKDOWN_BODY_MAX_CHARS + 1) })).status).toBe(400);
        expect(await db.select().from(helpPages).where(eq(helpPages.slug, `deep-${driver}`))).toHaveLength(0);
      });

      it('lists drafts too, searchable and filtered, and shows one page to edit', async () => {
        const draft = await createHelp(`draft-${driver}`, { title: '草稿专用标题', published: false });
        const list = expectOk(await ops<Page<OpsHelpPageRow>>(opsHelpListRoute, `/api/v1/ops/content/help?q=${encodeURIComponent('草稿专用')}&status=draft`));
        expect(list.list.map((row) => row.slug)).toEqual([draft.slug]);
        const detail = expectOk(await ops<OpsHelpPageView>(opsHelpDetailRoute, `/api/v1/ops/content/help/detail?id=${draft.id}`));
        expect(detail).toMatchObject({ slug: draft.slug, published: false, body_md: draft.body_md });
        expect((await ops(opsHelpDetailRoute, '/api/v1/ops/content/help/detail?id=2147483647')).status).toBe(404);
      });
    });

    // -------------------------------------------------------------------------------------------
    // Announcements

    describe('announcements', () => {
      it('render the seeded plain text unchanged, as Markdown paragraphs', async () => {
        const rows = await db.select().from(announcements);
        for (const seed of ANNOUNCEMENT_SEEDS) {
          const row = rows.find((candidate) => candidate.title === seed.title)!;
          const detail = expectOk(await callRoute<Announcement>(announcementRoute, `/api/v1/home/announcement?id=${row.id}`));
          expect(paragraphTexts(detail.content_html)).toEqual(oldPlainTextRendering(seed.content));
        }
      });

      it('show Markdown rendered, list a summary without its marks, and publish exactly the preview', async () => {
        const body = '**重要**：请查看[帮助中心](/help/how-to-rent)。\n\n- 第一条\n- 第二条\n\n<img src=x onerror=alert(1)>';
        const preview = expectOk(await ops<MarkdownPreview>(previewRoute, '/api/v1/ops/content/preview', { body_md: body }));
        const created = expectOk(await ops<OpsAnnouncementView>(announcementSaveRoute, '/api/v1/ops/content/announcements/save', { mode: 'create', title: `Markdown 公告 ${driver}`, body_md: body, pinned: false, published: true }));
        const detail = expectOk(await callRoute<Announcement>(announcementRoute, `/api/v1/home/announcement?id=${created.id}`));
        expect(detail.content_html).toBe(preview.html);
        expect(detail.content_html).toContain('<strong>重要</strong>');
        expect(detail.content_html).toContain('<a href="/help/how-to-rent">帮助中心</a>');
        expect(detail.content_html).not.toMatch(/<img/);
        expect(detail.content).toBe(body);
        const list = expectOk(await callRoute<Page<AnnouncementSummary>>(announcementsRoute, '/api/v1/home/announcements?page=1'));
        const summary = list.list.find((item) => item.id === created.id)!.summary;
        expect(summary.startsWith('重要：请查看帮助中心。')).toBe(true);
        expect(summary).not.toContain('**');
      });

      it('hide a withdrawn or scheduled announcement from readers, and pin one to the top, each audited', async () => {
        const later = new Date(Date.now() + 3_600_000).toISOString();
        const scheduled = expectOk(await ops<OpsAnnouncementView>(announcementSaveRoute, '/api/v1/ops/content/announcements/save', { mode: 'create', title: '定时公告', body_md: '稍后', pinned: false, published: true, published_at: later }));
        expect(scheduled.state).toBe('scheduled');
        expect((await callRoute(announcementRoute, `/api/v1/home/announcement?id=${scheduled.id}`)).status).toBe(404);

        const shown = expectOk(await ops<OpsAnnouncementView>(announcementSaveRoute, '/api/v1/ops/content/announcements/save', { mode: 'create', title: '普通公告', body_md: '现在', pinned: false, published: true }));
        expect(shown.state).toBe('published');
        const v0 = await getCatalogVersion(db);
        expectOk(await ops(announcementPinRoute, '/api/v1/ops/content/announcements/pin', { id: shown.id, pinned: true }));
        expect(await getCatalogVersion(db)).toBeGreaterThan(v0);
        const first = expectOk(await callRoute<Page<AnnouncementSummary>>(announcementsRoute, '/api/v1/home/announcements?page=1')).list[0]!;
        expect(first.id).toBe(shown.id);

        expectOk(await ops(announcementPublishRoute, '/api/v1/ops/content/announcements/publish', { id: shown.id, published: false }));
        expect((await callRoute(announcementRoute, `/api/v1/home/announcement?id=${shown.id}`)).status).toBe(404);
        const listed = expectOk(await callRoute<Page<AnnouncementSummary>>(announcementsRoute, '/api/v1/home/announcements?page=1')).list.map((item) => item.id);
        expect(listed).not.toContain(shown.id);
        expect(listed).not.toContain(scheduled.id);

        expect((await auditRows('announcement', shown.id)).map((row) => row.action)).toEqual(['announcement.create', 'announcement.pin', 'announcement.unpublish']);

        // Bringing the publish time to the past shows the scheduled one, from the revision it was opened at.
        const edit = { mode: 'update', id: scheduled.id, revision: scheduled.revision, title: '定时公告', body_md: '稍后', pinned: false, published: true, published_at: new Date(Date.now() - 60_000).toISOString() };
        expect(expectOk(await ops<OpsAnnouncementView>(announcementSaveRoute, '/api/v1/ops/content/announcements/save', edit)).state).toBe('published');
        expect((await callRoute(announcementRoute, `/api/v1/home/announcement?id=${scheduled.id}`)).status).toBe(200);
        expectError(await ops(announcementSaveRoute, '/api/v1/ops/content/announcements/save', edit), 409, MSG_CONTENT_STALE);
        const detail = expectOk(await ops<OpsAnnouncementView>(opsAnnouncementDetailRoute, `/api/v1/ops/content/announcements/detail?id=${scheduled.id}`));
        expect(detail.revision).toBe(scheduled.revision + 1);
      });
    });

    // -------------------------------------------------------------------------------------------
    // Content images

    describe('content images', () => {
      async function uploadImage(bytes: Uint8Array) {
        const form = new FormData();
        form.set('file', new File([new Uint8Array(bytes)], 'shot.png', { type: 'image/png' }));
        const encoded = new Response(form);
        const request = new Request('http://localhost/api/v1/ops/content/image', {
          method: 'POST',
          headers: { cookie: operations.cookie, 'content-type': encoded.headers.get('content-type')! },
          body: await encoded.bytes(),
        });
        const response = await imageRoute({ request, url: new URL(request.url), params: {}, locals: suiteContext.locals() } as unknown as APIContext);
        return { status: response.status, body: (await response.json()) as { code: number; msg: string; data: ContentImage } };
      }

      it('store through the upload service as the operator’s, embed as Markdown the renderer keeps, and audit a new one only', async () => {
        const bytes = await pngBytes('#3a6');
        const first = await uploadImage(bytes);
        expect(first.status).toBe(200);
        const image = first.body.data;
        expect(image.url).toMatch(/^\/uploads\/\d+-[0-9a-f]{12}\/detail\.webp$/);
        expect(image.markdown).toBe(`![图片](${image.url})`);
        expect(renderMarkdown(image.markdown)).toContain(`<img src="${image.url}"`);

        const [row] = await db.select({ user: uploadedImages.ownerUserId, operator: uploadedImages.ownerOperatorId, purpose: uploadedImages.purpose }).from(uploadedImages).where(eq(uploadedImages.id, image.id));
        expect(row).toEqual({ user: null, operator: operations.id, purpose: 'content' });

        const again = await uploadImage(bytes);
        expect(again.body.data.id).toBe(image.id);
        expect((await auditRows('upload', image.id)).map((entry) => entry.action)).toEqual(['content.image_upload']);

        const notImage = await uploadImage(new TextEncoder().encode('<svg onload=alert(1)>'));
        expect(notImage.status).toBe(400);
      });
    });
  });
}
