/**
 * The one Markdown renderer of the site (content, help centre): help pages,
 * announcements and the console's live preview all go through `renderMarkdown`, so the preview is
 * byte for byte what will be published.
 *
 * Pipeline (the unified stack, docs/decisions.md "Markdown content"):
 *   remark-parse + remark-gfm (tables, strikethrough, task lists, autolinks, footnotes)
 *   + remark-breaks (a single newline is a line break, as the plain-text announcements showed it)
 *   → raw HTML becomes literal text (never interpreted), the top heading level becomes h2 (the
 *     page owns its h1)
 *   → remark-rehype → rehype-sanitize with an allowlist of only the elements Markdown itself makes
 *   → our URL policy (images from our own paths only, outside links marked, `#links` prefixed)
 *   → rehype-slug (heading ids, prefixed) → rehype-stringify.
 *
 * What runs after the sanitiser only removes things or writes fixed attributes and ids made from
 * the heading text, so nothing it adds can carry script.
 */
import type { Element, ElementContent, Root as HastRoot, Text as HastText } from 'hast';
import type { Root as MdastRoot, Nodes as MdastNodes } from 'mdast';
import rehypeSanitize, { type Options as SanitizeSchema } from 'rehype-sanitize';
import rehypeSlug from 'rehype-slug';
import rehypeStringify from 'rehype-stringify';
import remarkBreaks from 'remark-breaks';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { SKIP, visit } from 'unist-util-visit';
import { MARKDOWN_BODY_MAX_CHARS, MARKDOWN_ID_PREFIX, MARKDOWN_IMAGE_PATH_PREFIXES, MARKDOWN_MAX_CONTAINER_MARKERS, MARKDOWN_MAX_EMPHASIS_MARKS, MARKDOWN_MAX_LINE_NESTING } from '~/features/content/constants';
import { sameSiteReturnPath } from '~/platform/rules/return-path';

/**
 * Raised whenever the renderer's output for the same input may change (a plugin, the schema, the
 * URL policy): stored HTML rendered by an older version is rendered again at start
 * (help-pages.ts `refreshStaleHelpPages`).
 */
export const MARKDOWN_RENDERER_VERSION = 1;

/** rel of a link to another host: no window.opener, no Referer, no ranking credit. */
export const OUTSIDE_LINK_REL = ['noopener', 'noreferrer', 'nofollow'] as const;

/** A base no real URL has: what resolves to it is a path of our own site. */
const OWN_ORIGIN = 'https://own.invalid';

const FLOW_PARENTS = new Set(['root', 'blockquote', 'listItem', 'footnoteDefinition']);

/** Remark's raw HTML (`<b>`, `<script>...`) kept as the literal text the author typed. */
function rawHtmlAsText() {
  return (tree: MdastRoot): void => {
    visit(tree, 'html', (node, index, parent) => {
      if (!parent || index === undefined) return;
      const text = { type: 'text', value: node.value } as const;
      // A block of HTML stands where a paragraph would; inline HTML is text inside its paragraph.
      (parent.children as MdastNodes[])[index] = FLOW_PARENTS.has(parent.type) ? { type: 'paragraph', children: [text] } : text;
    });
  };
}

/**
 * The body's highest heading level becomes h2 and the others keep their distance below it: the
 * page around the content owns its h1, and whether the author started at `#` or `##` no level is
 * skipped after it.
 */
function fitHeadings() {
  return (tree: MdastRoot): void => {
    let top = 6;
    visit(tree, 'heading', (node) => {
      top = Math.min(top, node.depth);
    });
    visit(tree, 'heading', (node) => {
      node.depth = Math.min(Math.max(node.depth - top + 2, 2), 6) as typeof node.depth;
    });
  };
}

/**
 * Only what Markdown (with GFM) makes: raw HTML never reaches the tree, so this list is short on
 * purpose. Anything else (script, style, iframe, object, embed, form, svg, math ...) is dropped,
 * with its content for script and style.
 */
const SANITIZE_SCHEMA: SanitizeSchema = {
  tagNames: [
    'p', 'br', 'hr', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'ul', 'ol', 'li', 'pre', 'code',
    'em', 'strong', 'del', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'input', 'sup',
    'section',
  ],
  attributes: {
    a: ['href', 'title', 'dataFootnoteRef', 'dataFootnoteBackref', 'ariaDescribedBy', 'ariaLabel', ['className', 'data-footnote-backref']],
    img: ['src', 'alt', 'title'],
    code: [['className', /^language-[\w-]+$/]],
    ol: ['start', ['className', 'contains-task-list']],
    ul: [['className', 'contains-task-list']],
    li: ['id', ['className', 'task-list-item']],
    input: [['type', 'checkbox'], ['disabled', true], 'checked'],
    th: [['align', 'left', 'center', 'right']],
    td: [['align', 'left', 'center', 'right']],
    h2: ['id', ['className', 'sr-only']],
    sup: [],
    section: ['dataFootnotes', ['className', 'footnotes']],
  },
  required: { input: { type: 'checkbox', disabled: true } },
  // Footnote ids (li, h2, aria-describedby) get the prefix; heading ids are added after this step.
  clobber: ['id', 'ariaDescribedBy'],
  clobberPrefix: MARKDOWN_ID_PREFIX,
  protocols: { href: ['http', 'https', 'mailto'], src: ['http', 'https'] },
  strip: ['script', 'style'],
  ancestors: { tbody: ['table'], thead: ['table'], tr: ['table'], th: ['table'], td: ['table'] },
  allowComments: false,
  allowDoctypes: false,
};

/** `url` resolved the way a browser would (backslashes, tabs, dot-segments), or null. */
function resolveUrl(url: string): URL | null {
  try {
    return new URL(url, `${OWN_ORIGIN}/`);
  } catch {
    return null;
  }
}

/** The same-site path an image may load from, normalised, or null to refuse the image. */
export function ownImagePath(src: string): string | null {
  // A relative path ('a.png', '../x') would resolve against whatever page shows the content.
  if (!src.startsWith('/')) return null;
  const url = resolveUrl(src);
  if (!url || url.origin !== OWN_ORIGIN) return null;
  const path = url.pathname;
  return MARKDOWN_IMAGE_PATH_PREFIXES.some((prefix) => path.startsWith(prefix)) ? path : null;
}

type LinkDecision = { kind: 'own'; href: string } | { kind: 'outside'; href: string } | { kind: 'refused' };

/** Where a link may go: our own paths, http(s) elsewhere (marked), mailto; nothing else. */
export function decideLink(href: string): LinkDecision {
  if (href.startsWith('#')) {
    const fragment = href.slice(1);
    return { kind: 'own', href: `#${fragment.startsWith(MARKDOWN_ID_PREFIX) ? fragment : MARKDOWN_ID_PREFIX + fragment}` };
  }
  const url = resolveUrl(href);
  if (!url) return { kind: 'refused' };
  if (url.origin === OWN_ORIGIN) {
    // Only a path that starts with one slash is ours ('x' or '../x' would depend on the page's URL),
    // checked like every return address: `/.//host` folds into `//host`, which an href leaves by.
    const own = sameSiteReturnPath(href, null);
    return own === null ? { kind: 'refused' } : { kind: 'own', href: own };
  }
  if (url.protocol === 'http:' || url.protocol === 'https:') return { kind: 'outside', href: url.href };
  if (url.protocol === 'mailto:') return { kind: 'own', href: url.href };
  return { kind: 'refused' };
}

/** Images from our own paths only; links checked again after the sanitiser, and outside ones marked. */
function urlPolicy() {
  return (tree: HastRoot): void => {
    visit(tree, 'element', (node: Element, index, parent) => {
      if (!parent || index === undefined) return;
      if (node.tagName === 'img') {
        const path = typeof node.properties.src === 'string' ? ownImagePath(node.properties.src) : null;
        if (path) {
          node.properties.src = path;
          node.properties.loading = 'lazy';
          return;
        }
        const alt = typeof node.properties.alt === 'string' ? node.properties.alt : '';
        const replacement: HastText = { type: 'text', value: alt };
        parent.children.splice(index, 1, ...(alt ? [replacement] : []));
        return [SKIP, index];
      }
      if (node.tagName === 'a') {
        const decision = typeof node.properties.href === 'string' ? decideLink(node.properties.href) : ({ kind: 'refused' } as const);
        if (decision.kind === 'refused') {
          // The link's words stay, as plain text.
          parent.children.splice(index, 1, ...(node.children as ElementContent[]));
          return [SKIP, index];
        }
        node.properties.href = decision.href;
        if (decision.kind === 'outside') {
          node.properties.rel = [...OUTSIDE_LINK_REL];
          node.properties.target = '_blank';
        }
      }
      return undefined;
    });
  };
}

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkBreaks)
  .use(rawHtmlAsText)
  .use(fitHeadings)
  .use(remarkRehype, {
    // The sanitiser adds the prefix to every id; remark-rehype's own would double it.
    clobberPrefix: '',
    footnoteLabel: '注释',
    footnoteBackLabel: '返回正文',
  })
  .use(rehypeSanitize, SANITIZE_SCHEMA)
  .use(urlPolicy)
  .use(rehypeSlug, { prefix: MARKDOWN_ID_PREFIX })
  .use(rehypeStringify)
  .freeze();

const textProcessor = unified().use(remarkParse).use(remarkGfm).freeze();

export const MSG_MARKDOWN_TOO_LONG = `内容不能超过${MARKDOWN_BODY_MAX_CHARS}个字`;
export const MSG_MARKDOWN_TOO_DEEP = `引用或列表嵌套不能超过${MARKDOWN_MAX_LINE_NESTING}层`;
export const MSG_MARKDOWN_TOO_MANY_MARKS = `强调符号（* 或 _）不能超过${MARKDOWN_MAX_EMPHASIS_MARKS}个`;
export const MSG_MARKDOWN_TOO_MANY_ITEMS = `列表项和引用不能超过${MARKDOWN_MAX_CONTAINER_MARKERS}个`;

/** A body the renderer will not take; `message` is Chinese and safe to show (services make it a 400). */
export class MarkdownRefusedError extends Error {
  override readonly name = 'MarkdownRefusedError';
}

/** Container markers opening a line: `> - 1. ` ... */
const LINE_CONTAINERS = /^(?:[ \t]{0,3}(?:>|(?:[-*+]|\d{1,9}[.)])(?=[ \t]|$))[ \t]*)+/;

/** Why a body would be refused before it is parsed, or null (see MARKDOWN_MAX_LINE_NESTING). */
export function markdownRefusal(markdown: string): string | null {
  if (Array.from(markdown).length > MARKDOWN_BODY_MAX_CHARS) return MSG_MARKDOWN_TOO_LONG;
  let marks = 0;
  for (let i = 0; i < markdown.length; i += 1) {
    const code = markdown.charCodeAt(i);
    if (code === 42 || code === 95) marks += 1; // * _
  }
  if (marks > MARKDOWN_MAX_EMPHASIS_MARKS) return MSG_MARKDOWN_TOO_MANY_MARKS;
  let containers = 0;
  for (const line of markdown.split('\n')) {
    const opening = LINE_CONTAINERS.exec(line)?.[0];
    if (!opening) continue;
    const markers = opening.match(/>|[-*+]|\d{1,9}[.)]/g)?.length ?? 0;
    if (markers > MARKDOWN_MAX_LINE_NESTING) return MSG_MARKDOWN_TOO_DEEP;
    containers += markers;
  }
  if (containers > MARKDOWN_MAX_CONTAINER_MARKERS) return MSG_MARKDOWN_TOO_MANY_ITEMS;
  return null;
}

/**
 * Markdown to safe HTML (see the module comment for what is allowed). Synchronous and pure; throws
 * MarkdownRefusedError for a body past the limits of `markdownRefusal` (or one that still nests
 * too deep for the parser's stack).
 */
export function renderMarkdown(markdown: string): string {
  const refusal = markdownRefusal(markdown);
  if (refusal) throw new MarkdownRefusedError(refusal);
  try {
    return String(processor.processSync(markdown));
  } catch (error) {
    if (error instanceof RangeError) throw new MarkdownRefusedError(MSG_MARKDOWN_TOO_DEEP, { cause: error });
    throw error;
  }
}

/**
 * For reading stored bodies that predate the limits: the Markdown, or when it is refused the plain
 * text as escaped paragraphs (what announcements showed before they were Markdown).
 */
export function renderStoredMarkdown(markdown: string): string {
  try {
    return renderMarkdown(markdown);
  } catch (error) {
    if (!(error instanceof MarkdownRefusedError)) throw error;
    return markdown
      .split(/\n\s*\n/)
      .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>\n')}</p>`)
      .join('\n');
  }
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const BLOCK_TYPES = new Set(['paragraph', 'heading', 'listItem', 'tableRow', 'tableCell', 'blockquote', 'code', 'thematicBreak', 'footnoteDefinition']);

/**
 * The words a reader sees, for list summaries and search: block texts on their own lines, image alt
 * text kept, link targets and Markdown syntax gone, raw HTML kept as the literal text it shows.
 */
export function markdownToPlainText(markdown: string): string {
  // A body the renderer refuses is not parsed here either (same cost); its raw text stands in.
  if (markdownRefusal(markdown)) return markdown.replace(/[ \t]+/g, ' ').trim();
  const tree = textProcessor.parse(markdown);
  const parts: string[] = [];
  const walk = (node: MdastNodes): void => {
    if (node.type === 'text' || node.type === 'inlineCode' || node.type === 'code' || node.type === 'html') parts.push(node.value);
    else if (node.type === 'image') parts.push(node.alt ?? '');
    else if (node.type === 'break') parts.push('\n');
    if ('children' in node) for (const child of node.children) walk(child as MdastNodes);
    if (BLOCK_TYPES.has(node.type)) parts.push(node.type === 'tableCell' ? ' ' : '\n');
  };
  walk(tree);
  return parts
    .join('')
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}
