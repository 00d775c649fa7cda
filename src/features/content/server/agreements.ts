/**
 * 《平台服务协议》 and 《隐私政策》: versions published in the console, read at
 * /agreement/<document>[?v=N], and the record of which version each user accepted
 * (docs/decisions.md "Agreements and the site footer").
 *
 * A publish is a new row with the next version number of its document, never an edit: the rows are
 * append-only in the database, so what a user accepted stays readable by its address. Acceptances
 * are written at the sign-ins whose form has the agreement box (register, password login, SMS
 * login), for the version current at that moment, once per (user, version).
 */
import { and, desc, eq, max, sql } from 'drizzle-orm';
import {
  AGREEMENT_TITLES,
  MSG_AGREEMENT_STALE,
  MSG_AGREEMENT_UNCHANGED,
  MSG_AGREEMENT_UNPUBLISHED,
  MSG_AGREEMENT_VERSION_NOT_FOUND,
  type AgreementDocument,
  type AgreementView,
  type AgreementVersionSummary,
  type OpsAgreementPublishBody,
  type OpsAgreementVersion,
} from '~/features/content/contract/agreements';
import { AGREEMENT_DOCUMENTS } from '~/features/content/constants';
import type { Db, DbOrTx } from '~/platform/db/client';
import { violatedUniqueConstraint } from '~/platform/db/errors';
import { agreementVersions, operators, userAgreementAcceptances, type AgreementVersionRow } from '~/platform/db/schema';
import { conflict, notFound } from '~/platform/http/errors';
import { renderBodyForStorage } from '~/features/content/server/help';
import { MARKDOWN_RENDERER_VERSION, renderStoredMarkdown } from '~/features/content/server/markdown';
import { writeAudit, type OperatorActor } from '~/features/console/server';

/** The stored HTML, or the body rendered again when an older renderer made it (the row stays as it is). */
function htmlOf(row: Pick<AgreementVersionRow, 'bodyMd' | 'bodyHtml' | 'rendererVersion'>): string {
  return row.rendererVersion === MARKDOWN_RENDERER_VERSION ? row.bodyHtml : renderStoredMarkdown(row.bodyMd);
}

async function versionsOf(db: DbOrTx, document: AgreementDocument): Promise<AgreementVersionSummary[]> {
  const rows = await db
    .select({ version: agreementVersions.version, publishedAt: agreementVersions.publishedAt })
    .from(agreementVersions)
    .where(eq(agreementVersions.document, document))
    .orderBy(desc(agreementVersions.version));
  return rows.map((row) => ({ version: row.version, published_at: row.publishedAt.toISOString() }));
}

/**
 * A document's version to read: the current one (newest) without `version`, else that version.
 * 404 运营方尚未发布该协议 when none is published, 404 该协议版本不存在 for an unknown version.
 */
export async function getAgreement(db: DbOrTx, document: AgreementDocument, version?: number): Promise<AgreementView> {
  const versions = await versionsOf(db, document);
  if (versions.length === 0) throw notFound(MSG_AGREEMENT_UNPUBLISHED);
  const wanted = version ?? versions[0]!.version;
  const [row] = await db
    .select()
    .from(agreementVersions)
    .where(and(eq(agreementVersions.document, document), eq(agreementVersions.version, wanted)))
    .limit(1);
  if (!row) throw notFound(MSG_AGREEMENT_VERSION_NOT_FOUND);
  return {
    document,
    title: AGREEMENT_TITLES[document],
    version: row.version,
    published_at: row.publishedAt.toISOString(),
    html: htmlOf(row),
    current: row.version === versions[0]!.version,
    versions,
  };
}

/** Every version of a document for the console, newest first, with its Markdown and publisher. */
export async function listAgreementVersionsForOps(db: DbOrTx, document: AgreementDocument): Promise<OpsAgreementVersion[]> {
  const rows = await db
    .select({ row: agreementVersions, publishedBy: operators.username })
    .from(agreementVersions)
    .leftJoin(operators, eq(operators.id, agreementVersions.publishedBy))
    .where(eq(agreementVersions.document, document))
    .orderBy(desc(agreementVersions.version));
  return rows.map(({ row, publishedBy }) => ({
    document,
    version: row.version,
    published_at: row.publishedAt.toISOString(),
    body_md: row.bodyMd,
    html: htmlOf(row),
    published_by: publishedBy,
  }));
}

/**
 * Publish a new version of a document, made from `base_version` (0: none yet). 400 naming body_md
 * when the renderer refuses the body; 409 when another version was published since (two
 * operators, one form) or when the body is the current version's. Audited in the same transaction.
 */
export async function publishAgreementVersion(db: Db, actor: OperatorActor | null, body: OpsAgreementPublishBody, now: Date): Promise<OpsAgreementVersion> {
  const rendered = renderBodyForStorage(body.body_md);
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ version: agreementVersions.version, bodyMd: agreementVersions.bodyMd })
        .from(agreementVersions)
        .where(eq(agreementVersions.document, body.document))
        .orderBy(desc(agreementVersions.version))
        .limit(1);
      const currentVersion = current?.version ?? 0;
      if (currentVersion !== body.base_version) throw conflict(MSG_AGREEMENT_STALE);
      if (current && current.bodyMd === body.body_md) throw conflict(MSG_AGREEMENT_UNCHANGED);
      const [row] = await tx
        .insert(agreementVersions)
        .values({
          document: body.document,
          version: currentVersion + 1,
          bodyMd: body.body_md,
          bodyHtml: rendered.html,
          rendererVersion: MARKDOWN_RENDERER_VERSION,
          publishedAt: now,
          publishedBy: actor?.operatorId ?? null,
        })
        .returning();
      if (actor) {
        await writeAudit(
          tx,
          actor,
          { action: 'agreement.publish', targetType: 'agreement', targetId: `${body.document}:${row!.version}`, after: { document: body.document, version: row!.version, body_md: body.body_md } },
          now,
        );
      }
      return { document: body.document, version: row!.version, published_at: row!.publishedAt.toISOString(), body_md: row!.bodyMd, html: row!.bodyHtml, published_by: actor?.username ?? null };
    });
  } catch (error) {
    // Two publishes from the same base at once: the unique key lets one through.
    if (violatedUniqueConstraint(error) === 'agreement_versions_document_version_key') throw conflict(MSG_AGREEMENT_STALE, { cause: error });
    throw error;
  }
}

/** The version each document has in force now (a document with none published is absent). */
export async function currentAgreementVersions(db: DbOrTx): Promise<Partial<Record<AgreementDocument, number>>> {
  const rows = await db
    .select({ document: agreementVersions.document, version: max(agreementVersions.version) })
    .from(agreementVersions)
    .groupBy(agreementVersions.document);
  const out: Partial<Record<AgreementDocument, number>> = {};
  for (const row of rows) if ((AGREEMENT_DOCUMENTS as readonly string[]).includes(row.document) && row.version !== null) out[row.document as AgreementDocument] = row.version;
  return out;
}

/**
 * Records that `userId` accepted the version of each document in force now (a sign-in with the
 * agreement box ticked). One statement; a (user, version) already recorded is left as it was, so
 * the first acceptance time stays. A document with no published version records nothing.
 */
export async function recordAgreementAcceptances(db: DbOrTx, userId: number, now: Date): Promise<void> {
  const latest = db
    .selectDistinctOn([agreementVersions.document], {
      userId: sql<number>`${userId}::integer`.as('user_id'),
      agreementVersionId: agreementVersions.id,
      acceptedAt: sql<Date>`${now.toISOString()}::timestamptz`.as('accepted_at'),
    })
    .from(agreementVersions)
    .orderBy(agreementVersions.document, desc(agreementVersions.version));
  await db.insert(userAgreementAcceptances).select(latest).onConflictDoNothing();
}

/** What a user accepted, newest first: (document, version, when). */
export async function listAgreementAcceptances(db: DbOrTx, userId: number): Promise<{ document: AgreementDocument; version: number; accepted_at: string }[]> {
  const rows = await db
    .select({ document: agreementVersions.document, version: agreementVersions.version, acceptedAt: userAgreementAcceptances.acceptedAt })
    .from(userAgreementAcceptances)
    .innerJoin(agreementVersions, eq(agreementVersions.id, userAgreementAcceptances.agreementVersionId))
    .where(eq(userAgreementAcceptances.userId, userId))
    .orderBy(desc(userAgreementAcceptances.acceptedAt), agreementVersions.document, desc(agreementVersions.version));
  return rows.map((row) => ({ document: row.document as AgreementDocument, version: row.version, accepted_at: row.acceptedAt.toISOString() }));
}
