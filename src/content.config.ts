/**
 * The shipped help pages: the Markdown files of src/content/help, one page each, named
 * by their slug. They are the default set the start imports into the help_pages table when no page
 * has their slug (services/help.ts); operators edit the table in the console, never these files.
 * The collection is kept so `astro check` and `astro build` refuse a file with bad front matter;
 * the import checks the same rules again at start (contract/content.ts helpFrontMatterSchema).
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { HELP_TITLE_MAX_CHARS, HELP_TYPE_MAX_CHARS } from '~/platform/config/constants';

const help = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/help' }),
  schema: z.object({
    type: z.string().trim().min(1).max(HELP_TYPE_MAX_CHARS),
    title: z.string().trim().min(1).max(HELP_TITLE_MAX_CHARS),
    order: z.number().int(),
  }),
});

export const collections = { help };
