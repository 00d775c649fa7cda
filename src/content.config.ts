import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { HELP_CATEGORIES } from './lib/config/help';

const help = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/help' }),
  schema: z.object({
    title: z.string(),
    category: z.enum(HELP_CATEGORIES),
    order: z.number().int(),
  }),
});

export const collections = { help };
