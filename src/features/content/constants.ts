/**
 * The content feature's constants (the spec's numbers and the limits we chose, see
 * docs/decisions.md): only this feature uses them. Shared ones stay in
 * platform/config/constants.ts. Units are in the names: _MS, _S, _FEN.
 */

// Markdown content (console, help centre): the limits of what operators write
// and what the one renderer (features/content/server/markdown.ts) lets through.

/** A Markdown body's cap, in characters (code points), for help pages and announcements alike. */
export const MARKDOWN_BODY_MAX_CHARS = 20_000;

/**
 * Shapes whose parse cost grows with the square of their size (micromark): more container markers
 * (`>`, `-`, `1.`) opening one line than this, or more emphasis characters (`*`, `_`) in one body,
 * are refused with a message instead of costing the server seconds. Real pages stay far below.
 */
export const MARKDOWN_MAX_LINE_NESTING = 8;
/** List items and quote levels opened in one body, counted over its lines (the cost of lists grows faster than their length). */
export const MARKDOWN_MAX_CONTAINER_MARKERS = 2_000;
export const MARKDOWN_MAX_EMPHASIS_MARKS = 2_000;

/**
 * The only places an image in Markdown may load from: our own upload store and the static image
 * folders of public/. Anything else (another host, `//host`, `data:`, a relative path) is not
 * shown; its alt text stands in its place.
 */
export const MARKDOWN_IMAGE_PATH_PREFIXES = ['/uploads/', '/covers/', '/banners/', '/brand/'] as const;

/**
 * Prefix of every `id` the renderer writes (headings, footnotes) and of every in-page `#link`, so
 * no `id` in operator content can shadow a global of the page's scripts (DOM clobbering).
 */
export const MARKDOWN_ID_PREFIX = 'md-';

/** How long the console's live preview waits after the last keystroke before it asks the server. */
export const MARKDOWN_PREVIEW_DEBOUNCE_MS = 300;

// Help centre

/** The help types (categories) in the order the help centre lists them; a type not named here comes after, by name. */
export const HELP_TYPES = ['租号指南', '费用与退款', '账号安全'] as const;

/** A help page's slug: its URL segment (/help/<slug>), lower-case ASCII words joined by hyphens. */
export const HELP_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const HELP_SLUG_MAX_CHARS = 64;
/** A search query's cap; longer input is refused (400), not cut. */
export const HELP_SEARCH_QUERY_MAX_CHARS = 50;
/** At most this many results answer one search; the page says when there were more. */
export const HELP_SEARCH_MAX_RESULTS = 50;
/** Characters of plain text around the first match a search result shows. */
export const HELP_SEARCH_SNIPPET_CHARS = 80;
/** Words of a query that count; a query of more is refused. */
export const HELP_SEARCH_MAX_TERMS = 5;

// Announcements

export const ANNOUNCEMENT_TITLE_MAX_CHARS = 120;
/** Slugs no help page may take: the help centre's own addresses under /help/. */
export const HELP_RESERVED_SLUGS = ['search'] as const;

// ---------------------------------------------------------------------------------------------
// Withdrawal review and finance reports (the finance console)

/** Default of setting withdrawal.review: a withdrawal above ¥100 waits for a finance operator. */
export const WITHDRAW_REVIEW_ABOVE_FEN = 10_000;
/** The highest review threshold an operator may set (¥10,000,000). */
export const WITHDRAW_REVIEW_ABOVE_MAX_FEN = 1_000_000_000;

// ---------------------------------------------------------------------------------------------
// Agreements (《平台服务协议》 and 《隐私政策》, docs/decisions.md "Agreements and the site footer")

/** The two documents users accept at sign-in, by the key their address and rows use. */
export const AGREEMENT_DOCUMENTS = ['service', 'privacy'] as const;
/** Public address of a document's current version; `?v=N` reads version N. */
export const AGREEMENT_PATH_PREFIX = '/agreement/';
/** The highest version number an address may ask for (a version is a positive integer). */
export const AGREEMENT_VERSION_MAX = 100_000;

// Launcher builds uploaded in the console (docs/decisions.md "Launcher builds in the database").

/** The largest launcher build the console accepts; past it the upload answers 413 and nothing stays. */
export const DOWNLOAD_UPLOAD_MAX_BYTES = 512 * 1024 * 1024;
/** One `download_chunks` row: large enough that a 512 MB build is ~512 rows, small enough to hold in memory per request. */
export const DOWNLOAD_CHUNK_BYTES = 1024 * 1024;
/**
 * An upload still unfinished after this long was abandoned (its process died mid-way): the next
 * upload removes it. Longer than any real upload through the body timeouts in front of us.
 */
export const DOWNLOAD_UPLOAD_STALE_MS = 2 * 60 * 60 * 1000;
/** Builds listed in the console's download section. */
export const DOWNLOAD_FILES_LIST_MAX = 50;
