/**
 * A small, forgiving XML element reader for manifests: enough to follow the LMS rules that the
 * schemas do not check (elements, attributes, text). Not a validating parser: xmllint does that.
 */
export interface XmlElement {
  /** Qualified name as written, e.g. `adlcp:masteryscore`. */
  name: string;
  /** Name without its prefix. */
  local: string;
  prefix: string | null;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeXmlEntities(value: string): string {
  return value.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, ref: string) => {
    if (ref.startsWith('#x')) return safeCodePoint(parseInt(ref.slice(2), 16)) ?? whole;
    if (ref.startsWith('#')) return safeCodePoint(parseInt(ref.slice(1), 10)) ?? whole;
    return ENTITIES[ref] ?? whole;
  });
}

function safeCodePoint(code: number): string | null {
  return Number.isInteger(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : null;
}

const ATTRIBUTE = /([^\s=/>]+)\s*=\s*("([^"]*)"|'([^']*)')/g;

function element(name: string, rawAttributes: string): XmlElement {
  const attributes: Record<string, string> = {};
  for (const match of rawAttributes.matchAll(ATTRIBUTE)) attributes[match[1]] = decodeXmlEntities(match[3] ?? match[4] ?? '');
  const colon = name.indexOf(':');
  return { name, local: colon < 0 ? name : name.slice(colon + 1), prefix: colon < 0 ? null : name.slice(0, colon), attributes, children: [], text: '' };
}

/** Parses a document into its root element; throws with a readable message when it is not well-formed enough to read. */
export function readXml(text: string): XmlElement {
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  let i = 0;
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    const chunk = text.slice(i, lt < 0 ? text.length : lt);
    if (stack.length > 0) stack[stack.length - 1].text += decodeXmlEntities(chunk);
    else if (chunk.trim() !== '') throw new Error('text outside the root element');
    if (lt < 0) break;
    const skip = (open: string, close: string): boolean => {
      if (!text.startsWith(open, lt)) return false;
      const end = text.indexOf(close, lt + open.length);
      if (end < 0) throw new Error(`unclosed ${open}`);
      if (open === '<![CDATA[' && stack.length > 0) stack[stack.length - 1].text += text.slice(lt + open.length, end);
      i = end + close.length;
      return true;
    };
    if (skip('<?', '?>') || skip('<!--', '-->') || skip('<![CDATA[', ']]>') || skip('<!', '>')) continue;
    const gt = findTagEnd(text, lt);
    if (gt < 0) throw new Error('unclosed tag');
    const body = text.slice(lt + 1, gt);
    i = gt + 1;
    if (body.startsWith('/')) {
      const name = body.slice(1).trim();
      const open = stack.pop();
      if (!open || open.name !== name) throw new Error(`closing tag </${name}> does not match <${open?.name ?? ''}>`);
      continue;
    }
    const selfClosing = body.endsWith('/');
    const inner = selfClosing ? body.slice(0, -1) : body;
    const nameMatch = /^([^\s/>]+)/.exec(inner);
    if (!nameMatch) throw new Error('tag without a name');
    const node = element(nameMatch[1], inner.slice(nameMatch[1].length));
    if (stack.length > 0) stack[stack.length - 1].children.push(node);
    else if (root) throw new Error('more than one root element');
    else root = node;
    if (!selfClosing) stack.push(node);
  }
  if (stack.length > 0) throw new Error(`<${stack[stack.length - 1].name}> is not closed`);
  if (!root) throw new Error('no root element');
  return root;
}

/** Index of the `>` ending the tag that starts at `lt`, skipping quoted attribute values. */
function findTagEnd(text: string, lt: number): number {
  let quote: string | null = null;
  for (let j = lt + 1; j < text.length; j++) {
    const c = text[j];
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '>') return j;
  }
  return -1;
}

/** Every element below `root` (depth first), root included. */
export function allElements(root: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  const walk = (node: XmlElement): void => {
    out.push(node);
    node.children.forEach(walk);
  };
  walk(root);
  return out;
}
