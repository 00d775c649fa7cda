/**
 * The content routes with their schemas (routes.ts declares them; the endpoints serve them through
 * platform/http/serve.ts and tests read the answer schemas). The request schemas are the contract's
 * (contract/content.ts, shared with the services and the shipped help files' front matter); the
 * answer schemas are strict, so a field renamed in a service fails a test.
 */
import { z } from 'zod';
import {
  ANNOUNCEMENT_STATES,
  helpPageQuerySchema,
  helpPagesQuerySchema,
  helpSearchQuerySchema,
  markdownPreviewBodySchema,
  opsAnnouncementListQuerySchema,
  opsAnnouncementSaveBodySchema,
  opsHelpListQuerySchema,
  opsHelpSaveBodySchema,
  opsIdQuerySchema,
  opsPinBodySchema,
  opsPublishBodySchema,
} from '~/features/content/contract/content';
import { agreementQuerySchema, contractSignBodySchema, opsAgreementListQuerySchema, opsAgreementPublishBodySchema } from '~/features/content/contract/agreements';
import { AGREEMENT_DOCUMENTS } from '~/features/content/constants';
import { MSG_OFFICIAL_ACCOUNT_PAGE, OFFICIAL_ACCOUNT_PAGES } from '~/features/content/contract/wechat-official';
import { CONTENT_ROUTES } from '~/features/content/routes';
import { pageSchema } from '~/platform/wire/common';
import { wire } from '~/platform/wire/wired-route';

// ---------------------------------------------------------------------------------------------
// requests

/** A route that takes no input: whatever query comes is ignored, as before routes were declared. */
const noInputSchema = z.object({});

/** GET common/wechatOfficialConfig?page=: one of OFFICIAL_ACCOUNT_PAGES, anything else 400 页面参数无效. */
export const officialAccountQuerySchema = z.object({ page: z.enum(OFFICIAL_ACCOUNT_PAGES, { error: MSG_OFFICIAL_ACCOUNT_PAGE }) });

// ---------------------------------------------------------------------------------------------
// answers

const isoSchema = z.string();

export const helpTypeItemSchema = z.strictObject({ type: z.string(), page_count: z.number().int().nonnegative() });

export const helpPageSummarySchema = z.strictObject({
  slug: z.string(),
  type: z.string(),
  title: z.string(),
  order: z.number().int(),
  summary: z.string(),
  updated_at: isoSchema,
});

export const helpPageDetailSchema = helpPageSummarySchema.extend({ html: z.string() });

export const helpSearchResultSchema = z.strictObject({
  q: z.string(),
  total: z.number().int().nonnegative(),
  list: z.array(
    z.strictObject({
      slug: z.string(),
      type: z.string(),
      title: z.string(),
      order: z.number().int(),
      snippet: z.strictObject({ before: z.string(), match: z.string(), after: z.string() }).nullable(),
    }),
  ),
});

export const siteContactsAnswerSchema = z.strictObject({
  channels: z.array(z.strictObject({ label: z.string(), value: z.string(), note: z.string() })),
  notice: z.string(),
});

export const officialAccountConfigSchema = z.strictObject({ qrcode: z.string(), text: z.string() });

export const markdownPreviewSchema = z.strictObject({ html: z.string() });

export const opsHelpPageRowSchema = z.strictObject({
  id: z.number().int().positive(),
  slug: z.string(),
  type: z.string(),
  title: z.string(),
  order: z.number().int(),
  published: z.boolean(),
  revision: z.number().int().positive(),
  created_at: isoSchema,
  updated_at: isoSchema,
  updated_by: z.string().nullable(),
});

export const opsHelpPageViewSchema = opsHelpPageRowSchema.extend({ body_md: z.string(), html: z.string() });

export const opsAnnouncementRowSchema = z.strictObject({
  id: z.number().int().positive(),
  title: z.string(),
  pinned: z.boolean(),
  published: z.boolean(),
  state: z.enum(ANNOUNCEMENT_STATES),
  published_at: isoSchema,
  revision: z.number().int().positive(),
  updated_at: isoSchema,
  updated_by: z.string().nullable(),
});

export const opsAnnouncementViewSchema = opsAnnouncementRowSchema.extend({ body_md: z.string(), html: z.string() });

const agreementVersionSummarySchema = z.strictObject({ version: z.number().int().positive(), published_at: isoSchema });

export const agreementViewSchema = agreementVersionSummarySchema.extend({
  document: z.enum(AGREEMENT_DOCUMENTS),
  title: z.string(),
  html: z.string(),
  current: z.boolean(),
  versions: z.array(agreementVersionSummarySchema),
});

const contractStatusSchema = z.strictObject({
  document: z.enum(AGREEMENT_DOCUMENTS),
  title: z.string(),
  current_version: z.number().int().positive().nullable(),
  published_at: isoSchema.nullable(),
  href: z.string(),
  signed_version: z.number().int().positive().nullable(),
  signed_at: isoSchema.nullable(),
  signed: z.boolean(),
});

export const opsAgreementVersionSchema = agreementVersionSummarySchema.extend({
  document: z.enum(AGREEMENT_DOCUMENTS),
  body_md: z.string(),
  html: z.string(),
  published_by: z.string().nullable(),
});

// ---------------------------------------------------------------------------------------------
// the routes, wired

export const CONTENT_WIRE = {
  helpTypes: wire(CONTENT_ROUTES.helpTypes, { input: noInputSchema, answer: z.array(helpTypeItemSchema) }),
  helpPages: wire(CONTENT_ROUTES.helpPages, { input: helpPagesQuerySchema, answer: z.array(helpPageSummarySchema) }),
  helpPage: wire(CONTENT_ROUTES.helpPage, { input: helpPageQuerySchema, answer: helpPageDetailSchema }),
  helpSearch: wire(CONTENT_ROUTES.helpSearch, { input: helpSearchQuerySchema, answer: helpSearchResultSchema }),
  contacts: wire(CONTENT_ROUTES.contacts, { input: noInputSchema, answer: siteContactsAnswerSchema }),
  officialAccountConfig: wire(CONTENT_ROUTES.officialAccountConfig, { input: officialAccountQuerySchema, answer: officialAccountConfigSchema }),
  agreement: wire(CONTENT_ROUTES.agreement, { input: agreementQuerySchema, answer: agreementViewSchema }),
  contracts: wire(CONTENT_ROUTES.contracts, { input: noInputSchema, answer: z.strictObject({ list: z.array(contractStatusSchema) }) }),
  contractSign: wire(CONTENT_ROUTES.contractSign, { input: contractSignBodySchema, answer: contractStatusSchema }),

  opsHelpList: wire(CONTENT_ROUTES.opsHelpList, { input: opsHelpListQuerySchema, answer: pageSchema(opsHelpPageRowSchema) }),
  opsHelpDetail: wire(CONTENT_ROUTES.opsHelpDetail, { input: opsIdQuerySchema, answer: opsHelpPageViewSchema }),
  opsHelpSave: wire(CONTENT_ROUTES.opsHelpSave, { input: opsHelpSaveBodySchema, answer: opsHelpPageViewSchema }),
  opsHelpPublish: wire(CONTENT_ROUTES.opsHelpPublish, { input: opsPublishBodySchema, answer: opsHelpPageViewSchema }),
  opsAnnouncementList: wire(CONTENT_ROUTES.opsAnnouncementList, { input: opsAnnouncementListQuerySchema, answer: pageSchema(opsAnnouncementRowSchema) }),
  opsAnnouncementDetail: wire(CONTENT_ROUTES.opsAnnouncementDetail, { input: opsIdQuerySchema, answer: opsAnnouncementViewSchema }),
  opsAnnouncementSave: wire(CONTENT_ROUTES.opsAnnouncementSave, { input: opsAnnouncementSaveBodySchema, answer: opsAnnouncementViewSchema }),
  opsAnnouncementPublish: wire(CONTENT_ROUTES.opsAnnouncementPublish, { input: opsPublishBodySchema, answer: opsAnnouncementViewSchema }),
  opsAnnouncementPin: wire(CONTENT_ROUTES.opsAnnouncementPin, { input: opsPinBodySchema, answer: opsAnnouncementViewSchema }),
  opsAgreementVersions: wire(CONTENT_ROUTES.opsAgreementVersions, { input: opsAgreementListQuerySchema, answer: z.array(opsAgreementVersionSchema) }),
  opsAgreementPublish: wire(CONTENT_ROUTES.opsAgreementPublish, { input: opsAgreementPublishBodySchema, answer: opsAgreementVersionSchema }),
  opsPreview: wire(CONTENT_ROUTES.opsPreview, { input: markdownPreviewBodySchema, answer: markdownPreviewSchema }),
};
