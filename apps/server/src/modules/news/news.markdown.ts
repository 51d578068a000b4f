/**
 * A news post's Markdown → safe HTML, in two independent layers:
 *
 * 1. markdown-it with raw HTML off: any `<tag>` the author types comes out as text, and links to
 *    `javascript:`, `vbscript:`, `file:` and `data:` are not made links;
 * 2. sanitize-html over the result, with an allow-list: only the elements Markdown makes (no
 *    images, which the CSP would block anyway; no frames: videos have their own field), no
 *    attributes but a link's `href`/`title` and a list's `start`, and links only to http(s) and
 *    mailto. Every link opens in a new tab with `rel="noopener noreferrer"`.
 *
 * Whatever the first layer lets through by mistake, the second still holds.
 */
import MarkdownIt from "markdown-it";
import sanitizeHtml from "sanitize-html";

const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: false });

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "hr",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "strong",
    "em",
    "s",
    "del",
    "code",
    "pre",
    "blockquote",
    "ul",
    "ol",
    "li",
    "a",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: { a: ["href", "title", "target", "rel"], ol: ["start"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: "_blank", rel: "noopener noreferrer" },
    }),
  },
};

/** The HTML of a news post's Markdown: rendered, then sanitised; safe to insert into the page. */
export function renderNewsMarkdown(body: string): string {
  return sanitizeHtml(markdown.render(body), SANITIZE_OPTIONS);
}
