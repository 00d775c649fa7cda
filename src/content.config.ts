import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

const help = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/help' }),
  schema: z.object({
    title: z.string(),
    category: z.enum(['租号指南', '费用与退款', '账号安全']),
    order: z.number().int(),
  }),
});

export const collections = { help };
