// Building and reading Canada Post's XML. Only the Canada Post adapter uses this module.
import { XMLParser, XMLValidator } from "fast-xml-parser";

/** An element to serialize: text (escaped) or child elements; null children are left out. */
export interface XmlElement {
  tag: string;
  attrs?: Record<string, string>;
  content: string | Array<XmlElement | null>;
}

export function el(
  tag: string,
  content: string | Array<XmlElement | null>,
  attrs?: Record<string, string>,
): XmlElement {
  return { tag, content, attrs };
}

/** The element when the value is present, otherwise null (left out of the document). */
export function optionalEl(tag: string, value: string | null | undefined): XmlElement | null {
  return value ? el(tag, value) : null;
}

export function escapeXml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

function serialize(element: XmlElement): string {
  const attrs = Object.entries(element.attrs ?? {})
    .map(([name, value]) => ` ${name}="${escapeXml(value)}"`)
    .join("");
  const inner =
    typeof element.content === "string"
      ? escapeXml(element.content)
      : element.content
          .filter((child): child is XmlElement => child !== null)
          .map(serialize)
          .join("");
  return `<${element.tag}${attrs}>${inner}</${element.tag}>`;
}

export function toXmlDocument(root: XmlElement): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${serialize(root)}`;
}

/** A parsed element: attributes as "@_name", children by tag name, text-only children as strings. */
export type XmlNode = { [key: string]: unknown };

// Tags that repeat in the responses we read: always arrays, even with one element.
const REPEATING = new Set(["price-quote", "link", "occurrence", "message"]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  removeNSPrefix: true,
  // Keep every value a string: event codes ("0174"), prices and postal codes must not become numbers.
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (tagName) => REPEATING.has(tagName),
});

/** The document as a tree, or null when the text is not well-formed XML. */
export function parseXml(text: string): XmlNode | null {
  if (!text.trim() || XMLValidator.validate(text) !== true) return null;
  const parsed: unknown = parser.parse(text);
  return isNode(parsed) ? parsed : null;
}

export function isNode(value: unknown): value is XmlNode {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function child(node: XmlNode | null | undefined, tag: string): XmlNode | null {
  const value = node?.[tag];
  return isNode(value) ? value : null;
}

export function children(node: XmlNode | null | undefined, tag: string): XmlNode[] {
  const value = node?.[tag];
  return Array.isArray(value) ? value.filter(isNode) : [];
}

/** The trimmed text of a child element; null when it is absent or empty. */
export function text(node: XmlNode | null | undefined, tag: string): string | null {
  const value = node?.[tag];
  if (typeof value === "string") return value.trim() || null;
  // An element with attributes and text: the text is under "#text".
  if (isNode(value) && typeof value["#text"] === "string") return value["#text"].trim() || null;
  return null;
}

export function attr(node: XmlNode, name: string): string | null {
  const value = node[`@_${name}`];
  return typeof value === "string" ? value : null;
}
