/**
 * The wire contract of the two agreements users accept (《平台服务协议》 and 《隐私政策》): the
 * public read of a document's current or an older version, and the console's publish of a new
 * version (permission `content`). Each publish makes a new immutable version with a number and a
 * publish time; nothing rewrites an older one (docs/decisions.md "Agreements and the site footer").
 */
import { z } from 'zod';
import { AGREEMENT_DOCUMENTS, AGREEMENT_PATH_PREFIX, AGREEMENT_VERSION_MAX } from '~/features/content/constants';
import { markdownBodySchema } from '~/features/content/contract/content';
import { queryIntSchema } from '~/platform/wire/common';

export type AgreementDocument = (typeof AGREEMENT_DOCUMENTS)[number];

/** The documents' titles, exactly as the sign-in dialogs name them (spec §5). */
export const AGREEMENT_TITLES: Readonly<Record<AgreementDocument, string>> = {
  service: '平台服务协议',
  privacy: '隐私政策',
};

export const MSG_AGREEMENT_UNPUBLISHED = '运营方尚未发布该协议';
export const MSG_AGREEMENT_VERSION_NOT_FOUND = '该协议版本不存在';
export const MSG_AGREEMENT_DOCUMENT = '协议类型无效';
export const MSG_AGREEMENT_STALE = '该协议已有新版本发布，请刷新后再发布';
export const MSG_AGREEMENT_UNCHANGED = '正文与当前版本相同，无需发布新版本';

/** 协议签署: the version named is no longer the one in force (docs/decisions.md "Transfer and contract signing"). */
export const MSG_CONTRACT_OUTDATED = '协议已更新，请阅读最新版本后再签署';

/** One document as the signing screen shows it. */
export interface ContractStatus {
  document: AgreementDocument;
  title: string;
  /** The version in force and when it was published; null while none is published. */
  current_version: number | null;
  published_at: string | null;
  /** Where to read the version in force. */
  href: string;
  /** The newest version the user signed, and when; null when none. */
  signed_version: number | null;
  signed_at: string | null;
  /** Whether the version in force is signed. */
  signed: boolean;
}

/** POST account/contractSign: the document and the version the user read. */
export const contractSignBodySchema = z.object({
  document: documentSchemaFor(),
  version: z.int({ error: '版本号应为整数' }).min(1, { error: '版本号无效' }).max(AGREEMENT_VERSION_MAX, { error: '版本号无效' }),
});

export function isAgreementDocument(value: unknown): value is AgreementDocument {
  return typeof value === 'string' && (AGREEMENT_DOCUMENTS as readonly string[]).includes(value);
}

/** The public address of a document: its current version, or version `version`. */
export function agreementPath(document: AgreementDocument, version?: number): string {
  return `${AGREEMENT_PATH_PREFIX}${document}${version === undefined ? '' : `?v=${version}`}`;
}

/** One published version in a document's history. */
export interface AgreementVersionSummary {
  version: number;
  /** ISO 8601. */
  published_at: string;
}

/** A version to read: its HTML (made by the one Markdown renderer) and the document's history. */
export interface AgreementView extends AgreementVersionSummary {
  document: AgreementDocument;
  title: string;
  html: string;
  /** Whether this is the version in force (the newest). */
  current: boolean;
  /** Every version, newest first. */
  versions: AgreementVersionSummary[];
}

/** A version as the console sees it: its Markdown too, and who published it. */
export interface OpsAgreementVersion extends AgreementVersionSummary {
  document: AgreementDocument;
  body_md: string;
  html: string;
  /** Username of the operator who published it; null for the demo seed's. */
  published_by: string | null;
}

const documentSchema = documentSchemaFor();

function documentSchemaFor() {
  return z.enum(AGREEMENT_DOCUMENTS, { error: MSG_AGREEMENT_DOCUMENT });
}

/** GET common/agreement?document&v — v absent: the current version. */
export const agreementQuerySchema = z.object({
  document: documentSchema,
  v: z.preprocess((value) => (value === '' ? undefined : value), queryIntSchema(1, AGREEMENT_VERSION_MAX).optional()),
});

/**
 * POST ops/content/agreements/publish — a new version of `document` made from the text of
 * `base_version` (0: none published yet); 409 MSG_AGREEMENT_STALE when another version was
 * published since, 409 MSG_AGREEMENT_UNCHANGED when the body is the current version's.
 */
export const opsAgreementPublishBodySchema = z.object({
  document: documentSchema,
  base_version: z.int({ error: '版本号应为整数' }).min(0, { error: '版本号无效' }).max(AGREEMENT_VERSION_MAX, { error: '版本号无效' }),
  body_md: markdownBodySchema,
});
export type OpsAgreementPublishBody = z.output<typeof opsAgreementPublishBodySchema>;

/** GET ops/content/agreements?document — every version of the document, newest first. */
export const opsAgreementListQuerySchema = z.object({ document: documentSchema });

/** The `v` of a public address, or null when it is not a version number (the page then is a 404). */
export function parseAgreementVersion(raw: string | null): number | null | undefined {
  if (raw === null || raw === '') return undefined;
  const parsed = queryIntSchema(1, AGREEMENT_VERSION_MAX).safeParse(raw);
  return parsed.success ? parsed.data : null;
}
