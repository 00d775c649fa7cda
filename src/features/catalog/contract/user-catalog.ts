/**
 * The wire contract of the signed-in catalogue calls (docs/user-catalog-api.md): search history,
 * hall search templates, likes and collections, as the header, the hall and the account pages read
 * them and the services (server/search-history.ts, search-templates.ts, listing-interactions.ts)
 * build them.
 */
import type { z } from 'zod';
import type {
  accountStateSchema,
  collectionStateSchema,
  collectionsPageSchema,
  likeStateSchema,
  searchHistoryItemSchema,
  searchHistoryListSchema,
  searchTemplateListSchema,
  searchTemplateSchema,
} from '~/features/catalog/wire';

// The answers' types are the outputs of their schemas (wire.ts); a type import keeps zod out of the
// islands that read them.
export type SearchHistoryItem = z.output<typeof searchHistoryItemSchema>;
export type SearchHistoryList = z.output<typeof searchHistoryListSchema>;
export type SearchTemplate = z.output<typeof searchTemplateSchema>;
export type SearchTemplateList = z.output<typeof searchTemplateListSchema>;
export type LikeResult = z.output<typeof likeStateSchema>;
export type CollectResult = z.output<typeof collectionStateSchema>;
export type CollectionsPage = z.output<typeof collectionsPageSchema>;
export type AccountState = z.output<typeof accountStateSchema>;
