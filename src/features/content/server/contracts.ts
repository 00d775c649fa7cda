/**
 * 协议签署 (spec §7 account "contract signing"; docs/decisions.md "Transfer and contract
 * signing"): the signed-in user signs the version of 《平台服务协议》 or 《隐私政策》 in force.
 *
 * Acceptances are otherwise written only at the sign-ins whose form has the agreement box, so a
 * user who stays signed in, or signs in by QR (no box), never accepts a version published later.
 * Here they read what is in force, what they signed, and sign the version they read: the call names
 * the version, and a newer one published meanwhile is refused (409) rather than signed unread.
 * The acceptance row is the same append-only record the sign-ins write, once per (user, version).
 */
import { and, desc, eq } from 'drizzle-orm';
import { AGREEMENT_DOCUMENTS } from '~/features/content/constants';
import { AGREEMENT_TITLES, agreementPath, MSG_AGREEMENT_UNPUBLISHED, MSG_AGREEMENT_VERSION_NOT_FOUND, MSG_CONTRACT_OUTDATED, type AgreementDocument, type ContractStatus } from '~/features/content/contract/agreements';
import type { DbOrTx } from '~/platform/db/client';
import { agreementVersions, userAgreementAcceptances } from '~/platform/db/schema';
import { conflict, notFound } from '~/platform/http/errors';

export { MSG_CONTRACT_OUTDATED };


/** GET account/contracts: each document's version in force and what the user signed of it. */
export async function listContracts(db: DbOrTx, userId: number): Promise<{ list: ContractStatus[] }> {
  const [published, signed] = await Promise.all([
    db
      .selectDistinctOn([agreementVersions.document], { document: agreementVersions.document, version: agreementVersions.version, publishedAt: agreementVersions.publishedAt })
      .from(agreementVersions)
      .orderBy(agreementVersions.document, desc(agreementVersions.version)),
    db
      .selectDistinctOn([agreementVersions.document], { document: agreementVersions.document, version: agreementVersions.version, acceptedAt: userAgreementAcceptances.acceptedAt })
      .from(userAgreementAcceptances)
      .innerJoin(agreementVersions, eq(agreementVersions.id, userAgreementAcceptances.agreementVersionId))
      .where(eq(userAgreementAcceptances.userId, userId))
      .orderBy(agreementVersions.document, desc(agreementVersions.version)),
  ]);
  const list = AGREEMENT_DOCUMENTS.map((document): ContractStatus => {
    const current = published.find((row) => row.document === document);
    const mine = signed.find((row) => row.document === document);
    return {
      document,
      title: AGREEMENT_TITLES[document],
      current_version: current?.version ?? null,
      published_at: current?.publishedAt.toISOString() ?? null,
      href: agreementPath(document, current?.version),
      signed_version: mine?.version ?? null,
      signed_at: mine?.acceptedAt.toISOString() ?? null,
      signed: current !== undefined && mine?.version === current.version,
    };
  });
  return { list };
}

/**
 * POST account/contractSign { document, version }: records that the user signed that version.
 * 404 运营方尚未发布该协议 / 该协议版本不存在; 409 MSG_CONTRACT_OUTDATED when it is not the version
 * in force. Signing again is no error and keeps the first time.
 */
export async function signContract(db: DbOrTx, userId: number, input: { document: AgreementDocument; version: number }, now: Date): Promise<ContractStatus> {
  const [latest] = await db
    .select({ id: agreementVersions.id, version: agreementVersions.version })
    .from(agreementVersions)
    .where(eq(agreementVersions.document, input.document))
    .orderBy(desc(agreementVersions.version))
    .limit(1);
  if (!latest) throw notFound(MSG_AGREEMENT_UNPUBLISHED);
  if (input.version !== latest.version) {
    const [asked] = await db
      .select({ id: agreementVersions.id })
      .from(agreementVersions)
      .where(and(eq(agreementVersions.document, input.document), eq(agreementVersions.version, input.version)))
      .limit(1);
    if (!asked) throw notFound(MSG_AGREEMENT_VERSION_NOT_FOUND);
    throw conflict(MSG_CONTRACT_OUTDATED);
  }
  await db.insert(userAgreementAcceptances).values({ userId, agreementVersionId: latest.id, acceptedAt: now }).onConflictDoNothing();
  const { list } = await listContracts(db, userId);
  return list.find((row) => row.document === input.document)!;
}
