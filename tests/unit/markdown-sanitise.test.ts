// @vitest-environment happy-dom
/**
 * The Markdown renderer's safety (issue 15: "no script, no outside resources"; tests: script,
 * event handlers, javascript: links, outside images). Every case is checked twice: against what
 * the table expects, and against the invariants any output must keep, read back through a real
 * HTML parser (the browser's view, not a regular expression over the string).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MARKDOWN_BODY_MAX_CHARS, MARKDOWN_ID_PREFIX, MARKDOWN_IMAGE_PATH_PREFIXES, MARKDOWN_MAX_CONTAINER_MARKERS, MARKDOWN_MAX_EMPHASIS_MARKS } from '~/features/content/constants';
import { MSG_MARKDOWN_TOO_DEEP, MSG_MARKDOWN_TOO_LONG, MSG_MARKDOWN_TOO_MANY_ITEMS, MSG_MARKDOWN_TOO_MANY_MARKS, MarkdownRefusedError, decideLink, markdownRefusal, markdownToPlainText, ownImagePath, renderMarkdown, renderStoredMarkdown } from '~/features/content/server/markdown';

const ALLOWED_TAGS = new Set([
  'P', 'BR', 'HR', 'H2', 'H3', 'H4', 'H5', 'H6', 'BLOCKQUOTE', 'UL', 'OL', 'LI', 'PRE', 'CODE', 'EM', 'STRONG', 'DEL', 'A',
  'IMG', 'TABLE', 'THEAD', 'TBODY', 'TR', 'TH', 'TD', 'INPUT', 'SUP', 'SECTION',
]);
const ALLOWED_ATTRIBUTES = new Set([
  'href', 'title', 'src', 'alt', 'loading', 'rel', 'target', 'class', 'id', 'align', 'start', 'type', 'checked', 'disabled',
  'data-footnote-ref', 'data-footnote-backref', 'data-footnotes', 'aria-describedby', 'aria-label',
]);

/** What a browser would build from the HTML. */
function parse(html: string): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = html;
  return host;
}

/** The rules every rendering keeps, whatever went in. */
function expectSafe(html: string): void {
  const root = parse(html);
  for (const element of Array.from(root.querySelectorAll('*'))) {
    expect(ALLOWED_TAGS.has(element.tagName), `element <${element.tagName.toLowerCase()}> in ${html}`).toBe(true);
    for (const attribute of Array.from(element.attributes)) {
      expect(attribute.name.startsWith('on'), `event handler ${attribute.name} in ${html}`).toBe(false);
      expect(ALLOWED_ATTRIBUTES.has(attribute.name), `attribute ${attribute.name} in ${html}`).toBe(true);
    }
    if (element.hasAttribute('id')) expect(element.getAttribute('id')!.startsWith(MARKDOWN_ID_PREFIX)).toBe(true);
    if (element.tagName === 'A') {
      const href = element.getAttribute('href') ?? '';
      const url = new URL(href, 'https://site.example/help/page');
      expect(['https:', 'http:', 'mailto:'], `protocol of ${href}`).toContain(url.protocol);
      if (url.origin !== 'https://site.example' && url.protocol !== 'mailto:') {
        expect(element.getAttribute('rel')).toBe('noopener noreferrer nofollow');
        expect(element.getAttribute('target')).toBe('_blank');
      }
    }
    if (element.tagName === 'IMG') {
      const url = new URL(element.getAttribute('src') ?? '', 'https://site.example/help/page');
      expect(url.origin, `image ${element.getAttribute('src')}`).toBe('https://site.example');
      expect(MARKDOWN_IMAGE_PATH_PREFIXES.some((prefix) => url.pathname.startsWith(prefix))).toBe(true);
    }
  }
  // Nothing of the markup may come back as markup through a second parse either.
  expect(parse(root.innerHTML).querySelectorAll('script, style, iframe, object, embed, form, svg, math, link, meta, base')).toHaveLength(0);
}

interface Case {
  name: string;
  markdown: string;
  /** Substrings the HTML holds. */
  has?: string[];
  /** Patterns the HTML never matches. */
  never?: RegExp[];
  /** A selector nothing in the parsed HTML matches (for HTML that is shown as text). */
  none?: string;
}

const SCRIPT = /<script|<\/script/i;
const JS_URL = /(?:href|src)\s*=\s*["']?\s*(?:javascript|vbscript|data):/i;
const ON_ATTR = /<[^>]+\son[a-z]+\s*=/i;

const CASES: Case[] = [
  // Script tags
  { name: 'a script block is shown as its text', markdown: '<script>alert(1)</script>', has: ['<p>&#x3C;script>alert(1)&#x3C;/script></p>'], never: [SCRIPT] },
  { name: 'a script inside a paragraph is text', markdown: 'before <script>alert(1)</script> after', never: [SCRIPT] },
  { name: 'a script tag in upper case', markdown: '<SCRIPT SRC=//evil.example/x.js></SCRIPT>', never: [SCRIPT] },
  { name: 'a script split over lines', markdown: '<scr\nipt>alert(1)</scr\nipt>', never: [SCRIPT] },
  { name: 'a script in a list item', markdown: '- <script>alert(1)</script>', never: [SCRIPT] },
  { name: 'a script in a table cell', markdown: '| a |\n|---|\n| <script>alert(1)</script> |', never: [SCRIPT] },
  { name: 'a script in a code block stays code', markdown: '```html\n<script>alert(1)</script>\n```', has: ['<code class="language-html">&#x3C;script>'], never: [SCRIPT] },
  { name: 'a style block', markdown: '<style>body{display:none}</style>', never: [/<style/i] },
  // Event handlers
  { name: 'an img with onerror', markdown: '<img src=x onerror=alert(1)>', never: [ON_ATTR, /<img/i] },
  { name: 'a div with onmouseover', markdown: '<div onmouseover="alert(1)">hover</div>', never: [ON_ATTR, /<div/i] },
  { name: 'an svg with onload', markdown: '<svg onload=alert(1)>', never: [ON_ATTR, /<svg/i] },
  { name: 'a body with onload', markdown: '<body onload=alert(1)>', never: [ON_ATTR, /<body/i] },
  { name: 'an event handler written into a link title', markdown: '[x](/help "a\\" onclick=\\"alert(1)")', has: ['title="a&#x22; onclick=&#x22;alert(1)"'] },
  { name: 'an event handler in an image alt', markdown: '![" onerror="alert(1)](/uploads/1-abcdefabcdef/card.webp)', has: ['alt="&#x22; onerror=&#x22;alert(1)"'] },
  // javascript: links, plain and obfuscated
  { name: 'a javascript: link', markdown: '[click](javascript:alert(1))', has: ['<p>click</p>'], never: [JS_URL, /<a/i] },
  { name: 'a javascript: link in mixed case', markdown: '[click](JaVaScRiPt:alert(1))', never: [JS_URL, /<a/i] },
  { name: 'a javascript: link written with a decimal entity', markdown: '[click](java&#115;cript:alert(1))', never: [JS_URL, /<a/i] },
  { name: 'a javascript: link written with a hex entity', markdown: '[click](&#x6A;avascript&#x3A;alert(1))', never: [JS_URL, /<a/i] },
  { name: 'a javascript: link written with a named entity', markdown: '[click](javascript&colon;alert(1))', never: [JS_URL, /<a/i] },
  { name: 'a javascript: link after spaces', markdown: '[click](   javascript:alert(1))', never: [JS_URL, /<a/i] },
  { name: 'a javascript: link with a tab inside', markdown: '[click](<java\tscript:alert(1)>)', never: [JS_URL, /<a/i] },
  { name: 'a javascript: link with a newline entity inside', markdown: '[click](java&#10;script:alert(1))', never: [JS_URL, /<a/i] },
  { name: 'a javascript: link with a NUL-like entity', markdown: '[click](java&#0;script:alert(1))', never: [JS_URL, /<a/i] },
  { name: 'a javascript: link in angle brackets', markdown: '[click](<javascript:alert(1)>)', never: [JS_URL, /<a/i] },
  { name: 'a javascript: autolink', markdown: '<javascript:alert(1)>', never: [JS_URL, /<a/i] },
  { name: 'a javascript: reference link', markdown: '[click][x]\n\n[x]: javascript:alert(1)', never: [JS_URL, /<a/i] },
  { name: 'a vbscript: link', markdown: '[click](vbscript:msgbox(1))', never: [JS_URL, /<a/i] },
  { name: 'a javascript: URL in raw HTML is text', markdown: '<a href="javascript:alert(1)">x</a>', has: ['&#x3C;a href="javascript:alert(1)">x&#x3C;/a>'], none: 'a' },
  // data: URIs
  { name: 'a data: link', markdown: '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)', never: [JS_URL, /<a/i] },
  { name: 'a data: image', markdown: '![pic](data:image/png;base64,iVBORw0KGgo=)', has: ['<p>pic</p>'], never: [/<img/i, /data:/i] },
  { name: 'a data: image in mixed case', markdown: '![pic](DaTa:image/svg+xml,<svg onload=alert(1)>)', never: [/<img/i, ON_ATTR] },
  // Outside images
  { name: 'an image from another host', markdown: '![广告](https://evil.example/track.png)', has: ['<p>广告</p>'], never: [/<img/i, /evil\.example/] },
  { name: 'an image over plain http', markdown: '![x](http://evil.example/a.png)', never: [/<img/i] },
  { name: 'a protocol-relative image', markdown: '![x](//evil.example/a.png)', never: [/<img/i] },
  { name: 'an image whose path starts with a backslash trick', markdown: '![x](/\\evil.example/a.png)', never: [/<img/i] },
  { name: 'an image with a tab in the protocol-relative prefix', markdown: '![x](</\t/evil.example/a.png>)', never: [/<img/i] },
  { name: 'an image by a relative path', markdown: '![x](../uploads/1-abcdefabcdef/card.webp)', never: [/<img/i] },
  { name: 'an image outside the allowed folders', markdown: '![x](/api/v1/common/logout)', never: [/<img/i] },
  { name: 'an image climbing out of an allowed folder', markdown: '![x](/uploads/../api/v1/common/logout)', never: [/<img/i] },
  { name: 'an image by reference from another host', markdown: '![x][p]\n\n[p]: https://evil.example/a.png', never: [/<img/i] },
  { name: 'an upload image is kept', markdown: '![截图](/uploads/12-abcdefabcdef/detail.webp)', has: ['<img src="/uploads/12-abcdefabcdef/detail.webp" alt="截图" loading="lazy">'] },
  { name: 'a cover image is kept', markdown: '![封面](/covers/wzry-1.svg)', has: ['<img src="/covers/wzry-1.svg" alt="封面"'] },
  // Raw HTML of other kinds
  { name: 'an iframe', markdown: '<iframe src="https://evil.example"></iframe>', never: [/<iframe/i] },
  { name: 'an object and an embed', markdown: '<object data="x.swf"></object><embed src="x.swf">', never: [/<object/i, /<embed/i] },
  { name: 'a form', markdown: '<form action="https://evil.example"><input name="pw"></form>', never: [/<form/i, /<input/i] },
  { name: 'a meta refresh', markdown: '<meta http-equiv="refresh" content="0;url=https://evil.example">', never: [/<meta/i] },
  { name: 'a base element', markdown: '<base href="https://evil.example/">', never: [/<base/i] },
  { name: 'a link stylesheet', markdown: '<link rel="stylesheet" href="https://evil.example/a.css">', never: [/<link/i] },
  { name: 'an HTML comment', markdown: '<!-- <script>alert(1)</script> -->', never: [SCRIPT, /<!--/] },
  { name: 'inline bold tags show as typed', markdown: '这是 <b>粗体</b>', has: ['<p>这是 &#x3C;b>粗体&#x3C;/b></p>'] },
  { name: 'an id from raw HTML never reaches the page', markdown: '<a id="location">x</a> <form name="cookie">', none: '#location, [name], form' },
  // Nested tricks
  { name: 'a script inside link text', markdown: '[<script>alert(1)</script>](/help)', never: [SCRIPT] },
  { name: 'an image inside a javascript: link', markdown: '[![x](/covers/wzry-1.svg)](javascript:alert(1))', has: ['<img src="/covers/wzry-1.svg"'], never: [JS_URL, /<a/i] },
  { name: 'a javascript: link inside a blockquote inside a list', markdown: '- > [x](javascript:alert(1))', never: [JS_URL, /<a/i] },
  { name: 'an outside image inside an outside link', markdown: '[![x](https://evil.example/a.png)](https://example.com)', has: ['rel="noopener noreferrer nofollow"'], never: [/<img/i] },
  { name: 'HTML split around Markdown emphasis', markdown: '<scr*ipt*>alert(1)</scr*ipt*>', never: [SCRIPT] },
  { name: 'a closing tag that reopens an attribute', markdown: '[x](/help "</a><img src=x onerror=alert(1)>")', none: 'img, [onerror]' },
  { name: 'blockquotes nested to the limit', markdown: `${'>'.repeat(8)} 深`, has: ['深'] },
  { name: 'lists nested by indentation', markdown: Array.from({ length: 100 }, (_, i) => `${'  '.repeat(i)}- ${i}`).join('\n') },
  { name: 'a footnote keeps prefixed ids', markdown: '注[^a]\n\n[^a]: <script>x</script>', has: [`id="${MARKDOWN_ID_PREFIX}fn-a"`, `href="#${MARKDOWN_ID_PREFIX}fn-a"`], never: [SCRIPT] },
  // What stays allowed
  { name: 'an outside link is marked', markdown: '[官网](https://example.com/a)', has: ['<a href="https://example.com/a" rel="noopener noreferrer nofollow" target="_blank">官网</a>'] },
  { name: 'a bare outside address becomes a marked link', markdown: '见 www.example.com', has: ['href="http://www.example.com/" rel="noopener noreferrer nofollow" target="_blank"'] },
  { name: 'an own link stays in the tab', markdown: '[订单](/account/order?tab=1)', has: ['<a href="/account/order?tab=1">订单</a>'] },
  { name: 'a protocol-relative link is an outside link', markdown: '[x](//evil.example/a)', has: ['href="https://evil.example/a" rel="noopener noreferrer nofollow" target="_blank"'] },
  // Encoded by the parser to /%5Cevil.example/a: a path no page has, that a decoding proxy would follow away.
  { name: 'a backslash path is no link', markdown: '[x](/\\evil.example/a)', has: ['<p>x</p>'], none: 'a' },
  { name: 'a mailto link', markdown: '[邮件](mailto:help@example.com)', has: ['<a href="mailto:help@example.com">邮件</a>'] },
  { name: 'an in-page link gets the id prefix', markdown: '[见下文](#计费)\n\n## 计费', has: [`href="#${MARKDOWN_ID_PREFIX}%E8%AE%A1%E8%B4%B9"`, `<h2 id="${MARKDOWN_ID_PREFIX}计费">计费</h2>`] },
  { name: 'headings get ids and the top level becomes h2', markdown: '# 如何租号\n\n## 第一步', has: [`<h2 id="${MARKDOWN_ID_PREFIX}如何租号">如何租号</h2>`, `<h3 id="${MARKDOWN_ID_PREFIX}第一步">第一步</h3>`] },
  { name: 'a body starting at ## skips no level after the page h1', markdown: '## 说明\n\n#### 细节', has: ['<h2 id="md-说明">说明</h2>', '<h4 id="md-细节">细节</h4>'] },
  { name: 'a body of h6 only still starts at h2', markdown: '###### 小', has: ['<h2 id="md-小">小</h2>'] },
  { name: 'the same heading twice gets two ids', markdown: '## 说明\n\n## 说明', has: [`id="${MARKDOWN_ID_PREFIX}说明"`, `id="${MARKDOWN_ID_PREFIX}说明-1"`] },
  { name: 'a table keeps its alignment', markdown: '| a | b |\n|:-|-:|\n| 1 | 2 |', has: ['<th align="left">a</th>', '<td align="right">2</td>'] },
  { name: 'a task list', markdown: '- [x] 实名认证', has: ['<input type="checkbox" checked disabled>'] },
  { name: 'plain text with line breaks keeps them', markdown: '第一行\n第二行\n\n第二段', has: ['<p>第一行<br>\n第二行</p>\n<p>第二段</p>'] },
];

describe('renderMarkdown sanitises', () => {
  it.each(CASES)('$name', ({ markdown, has = [], never = [], none }) => {
    const html = renderMarkdown(markdown);
    for (const fragment of has) expect(html).toContain(fragment);
    for (const pattern of never) expect(html).not.toMatch(pattern);
    if (none) expect(parse(html).querySelectorAll(none)).toHaveLength(0);
    expectSafe(html);
  });

  it('is safe for any mix of dangerous fragments (property)', () => {
    const pieces = [
      '<script>', '</script>', '<img src=x onerror=alert(1)>', 'javascript:', 'JaVaScRiPt&#58;', '&#x6A;', 'data:text/html,', '[', ']', '(', ')',
      '![', '//evil.example/', '/\\evil.example/', '"', "'", '>', '<', '\n', '\n\n', '- ', '> ', '#', '`', '```', '|', '*', '_', '&', ';',
      'onload=', '<svg', '<iframe', '/uploads/1-abcdefabcdef/card.webp', 'https://evil.example/a.png', '[^1]', '[^1]: ', 'x', '中文',
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 40 }), (parts) => {
        expectSafe(renderMarkdown(parts.join('')));
      }),
      { numRuns: 400 },
    );
  });

  it.each([
    ['nested list markers on one line', '- '.repeat(9_999), MSG_MARKDOWN_TOO_DEEP],
    ['nested quotes without spaces', '>'.repeat(19_999), MSG_MARKDOWN_TOO_DEEP],
    ['quotes and lists', '> 1. '.repeat(4_000), MSG_MARKDOWN_TOO_DEEP],
    ['unmatched emphasis', '*a'.repeat(10_000), MSG_MARKDOWN_TOO_MANY_MARKS],
    ['a body past the cap', '字'.repeat(MARKDOWN_BODY_MAX_CHARS + 1), MSG_MARKDOWN_TOO_LONG],
    ['list items past the limit', '- x\n'.repeat(MARKDOWN_MAX_CONTAINER_MARKERS + 1), MSG_MARKDOWN_TOO_MANY_ITEMS],
    ['quoted list items past the limit', '> - x\n'.repeat(MARKDOWN_MAX_CONTAINER_MARKERS / 2 + 1), MSG_MARKDOWN_TOO_MANY_ITEMS],
  ])('refuses %s, whose parse cost grows with the square of its size', (_name, input, message) => {
    const started = performance.now();
    expect(markdownRefusal(input)).toBe(message);
    expect(() => renderMarkdown(input)).toThrow(new MarkdownRefusedError(message));
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  /** A help page of ordinary Markdown at the body cap: the yardstick of the shapes below. */
  const ordinary = Array.from({ length: 200 }, (_, i) => `## 第${i}节\n\n押金在租期结束后原路退回，**请注意**[规则](/help/x)。\n\n- 一\n- 二\n`).join('\n').slice(0, MARKDOWN_BODY_MAX_CHARS);
  const timeOf = (input: string): number => {
    const started = performance.now();
    renderMarkdown(input);
    return performance.now() - started;
  };

  it.each([
    ['brackets', '['.repeat(20_000)],
    ['angle brackets', '<'.repeat(20_000)],
    ['links left open', '[a]('.repeat(5_000)],
    ['backticks', '`a'.repeat(10_000)],
    ['eight-deep lists at the item limit', ('- '.repeat(8) + 'x\n').repeat(MARKDOWN_MAX_CONTAINER_MARKERS / 8)],
    ['a flat list at the item limit', '- x\n'.repeat(MARKDOWN_MAX_CONTAINER_MARKERS)],
    ['a wide table', `${'|a'.repeat(4_900)}\n${'|-'.repeat(4_900)}`],
    ['emphasis marks at the limit', '*a'.repeat(MARKDOWN_MAX_EMPHASIS_MARKS / 2)],
    ['a body at the cap', '字'.repeat(MARKDOWN_BODY_MAX_CHARS)],
  ])('renders %s within the limits at a cost near an ordinary page of the same size', (_name, input) => {
    expect(markdownRefusal(input)).toBeNull();
    expectSafe(renderMarkdown(input));
    // Measured against an ordinary page in the same run, so a busy machine slows both: on an idle
    // one these take 1-12× the ordinary page; the shapes the limits refuse took hundreds of times it
    // (10,000 nested list markers: 37 s).
    const ordinaryMs = [timeOf(ordinary), timeOf(ordinary), timeOf(ordinary)].sort((a, b) => a - b)[1]!;
    const shapeMs = Math.min(timeOf(input), timeOf(input));
    expect(shapeMs / ordinaryMs).toBeLessThan(30);
  });

  it('shows a stored body the limits refuse as escaped plain paragraphs', () => {
    const stored = `${'>'.repeat(100)} <script>x</script>\n\n第二段`;
    const html = renderStoredMarkdown(stored);
    expect(html).toBe(`<p>${'&gt;'.repeat(100)} &lt;script&gt;x&lt;/script&gt;</p>\n<p>第二段</p>`);
    expectSafe(html);
  });
});

describe('the URL policy', () => {
  it.each([
    ['/uploads/1-abcdefabcdef/card.webp', '/uploads/1-abcdefabcdef/card.webp'],
    ['/covers/a.svg?x=1', '/covers/a.svg'],
    ['/uploads/../api/x', null],
    ['/uploads/%2e%2e/api/x', null],
    ['//evil.example/uploads/a.png', null],
    ['/\\evil.example/uploads/a.png', null],
    ['https://evil.example/uploads/a.png', null],
    ['uploads/a.png', null],
    ['/favicon.svg', null],
  ])('image %s → %s', (src, expected) => {
    expect(ownImagePath(src)).toBe(expected);
  });

  it.each([
    ['/help/x', { kind: 'own', href: '/help/x' }],
    ['#a', { kind: 'own', href: `#${MARKDOWN_ID_PREFIX}a` }],
    [`#${MARKDOWN_ID_PREFIX}a`, { kind: 'own', href: `#${MARKDOWN_ID_PREFIX}a` }],
    ['https://example.com', { kind: 'outside', href: 'https://example.com/' }],
    ['//example.com/x', { kind: 'outside', href: 'https://example.com/x' }],
    ['x.html', { kind: 'refused' }],
    ['javascript:alert(1)', { kind: 'refused' }],
    ['ftp://example.com', { kind: 'refused' }],
    // The renderer's own stand-in origin, written out, is refused rather than taken for ours.
    ['https://own.invalid/x', { kind: 'refused' }],
    ['/\\evil.example/x', { kind: 'outside', href: 'https://evil.example/x' }],
    // Resolves on our origin, but to a path an href would read as another host.
    ['/.//evil.example/x', { kind: 'refused' }],
    ['/%2F%2Fevil.example/x', { kind: 'refused' }],
    ['/help/x?a=1#b', { kind: 'own', href: '/help/x?a=1#b' }],
  ])('link %s', (href, expected) => {
    expect(decideLink(href)).toEqual(expected);
  });
});

describe('markdownToPlainText', () => {
  it.each([
    ['**粗体** 与 [链接](https://example.com)', '粗体 与 链接'],
    ['# 标题\n\n正文\n第二行', '标题\n正文\n第二行'],
    ['![图片说明](/covers/a.svg)', '图片说明'],
    ['- 一\n- 二', '一\n二'],
    ['<b>原样</b>', '<b>原样</b>'],
    ['| a | b |\n|---|---|\n| 1 | 2 |', 'a b\n1 2'],
  ])('%j → %j', (markdown, text) => {
    expect(markdownToPlainText(markdown)).toBe(text);
  });
});
