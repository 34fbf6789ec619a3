// A strict reader for the SVG the art module writes: elements, attributes in double quotes, text,
// and the five entities it escapes with. Anything else (a stray `<`, `>` or quote, an unknown
// entity, an unclosed element) throws, so a test that reads a document back proves it well formed.

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: (XmlElement | string)[];
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#x27;': "'",
};

function unescape(text: string): string {
  if (/[<>]/.test(text)) throw new Error(`Raw markup in text: ${JSON.stringify(text)}`);
  return text.replace(/&[^;]*;/g, (entity) => {
    const value = ENTITIES[entity];
    if (value === undefined) throw new Error(`Unknown entity ${entity}`);
    return value;
  });
}

const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:\s+[a-zA-Z][a-zA-Z0-9:-]*="[^"<>]*")*)\s*(\/?)>/y;
const ATTRIBUTE = /\s+([a-zA-Z][a-zA-Z0-9:-]*)="([^"<>]*)"/g;

export function parseXml(source: string): XmlElement {
  const root: XmlElement = { name: '#document', attributes: {}, children: [] };
  const stack: XmlElement[] = [root];
  let at = 0;
  while (at < source.length) {
    const top = stack[stack.length - 1] as XmlElement;
    if (source[at] === '<') {
      TAG.lastIndex = at;
      const match = TAG.exec(source);
      if (!match) throw new Error(`Not a tag at: ${source.slice(at, at + 60)}`);
      const [whole, closing, name = '', attributeText = '', selfClosing] = match;
      at += whole.length;
      if (closing) {
        if (top.name !== name) throw new Error(`</${name}> closes <${top.name}>`);
        stack.pop();
        continue;
      }
      const attributes: Record<string, string> = {};
      for (const [, key = '', value = ''] of attributeText.matchAll(ATTRIBUTE)) {
        if (key in attributes) throw new Error(`Attribute ${key} twice on <${name}>`);
        attributes[key] = unescape(value);
      }
      const element: XmlElement = { name, attributes, children: [] };
      top.children.push(element);
      if (!selfClosing) stack.push(element);
      continue;
    }
    const end = source.indexOf('<', at);
    const text = source.slice(at, end === -1 ? source.length : end);
    top.children.push(unescape(text));
    at += text.length;
  }
  if (stack.length !== 1) throw new Error(`<${stack[stack.length - 1]?.name}> is never closed`);
  return root;
}

export function* elements(node: XmlElement): Generator<XmlElement> {
  yield node;
  for (const child of node.children) if (typeof child !== 'string') yield* elements(child);
}

export function textOf(node: XmlElement): string {
  return node.children.map((c) => (typeof c === 'string' ? c : textOf(c))).join('');
}
