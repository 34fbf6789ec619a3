// The part of RFC 8941 (Structured Field Values) that RFC 9421 and RFC 9530 headers use:
// dictionaries whose members are items or inner lists, with parameters. Parsing is strict; any
// deviation from the grammar throws a StructuredFieldError.

export class Token {
  constructor(readonly value: string) {}
}

export type BareItem = string | number | boolean | Uint8Array | Token;
export type Parameters = Map<string, BareItem>;
export interface Item {
  value: BareItem;
  params: Parameters;
}
export interface InnerList {
  items: Item[];
  params: Parameters;
}
export type DictionaryMember = ({ kind: 'item' } & Item) | ({ kind: 'inner-list' } & InnerList);
export type Dictionary = Map<string, DictionaryMember>;

export class StructuredFieldError extends Error {}

const KEY_START = /[a-z*]/;
const KEY_CHAR = /[a-z0-9_\-.*]/;
const TOKEN_START = /[A-Za-z*]/;
const TOKEN_CHAR = /[!#$%&'*+\-.^_`|~0-9A-Za-z:/]/;
const BASE64_CHAR = /[A-Za-z0-9+/=]/;

class Parser {
  private at = 0;
  constructor(private readonly text: string) {}

  dictionary(): Dictionary {
    const members: Dictionary = new Map();
    this.skipSpaces();
    if (this.done()) return members;
    for (;;) {
      const key = this.key();
      let member: DictionaryMember;
      if (this.peek() === '=') {
        this.at++;
        member =
          this.peek() === '('
            ? { kind: 'inner-list', ...this.innerList() }
            : { kind: 'item', ...this.item() };
      } else {
        member = { kind: 'item', value: true, params: this.parameters() };
      }
      members.set(key, member);
      this.skipOptionalWhitespace();
      if (this.done()) return members;
      this.expect(',');
      this.skipOptionalWhitespace();
      if (this.done()) this.fail('a dictionary must not end with a comma');
    }
  }

  private innerList(): InnerList {
    this.expect('(');
    const items: Item[] = [];
    for (;;) {
      this.skipSpaces();
      if (this.peek() === ')') {
        this.at++;
        return { items, params: this.parameters() };
      }
      items.push(this.item());
      const next = this.peek();
      if (next !== ' ' && next !== ')') this.fail('inner list items are separated by spaces');
    }
  }

  private item(): Item {
    const value = this.bareItem();
    return { value, params: this.parameters() };
  }

  private parameters(): Parameters {
    const params: Parameters = new Map();
    while (this.peek() === ';') {
      this.at++;
      this.skipSpaces();
      const key = this.key();
      let value: BareItem = true;
      if (this.peek() === '=') {
        this.at++;
        value = this.bareItem();
      }
      params.set(key, value);
    }
    return params;
  }

  private bareItem(): BareItem {
    const c = this.peek();
    if (c === '"') return this.string();
    if (c === ':') return this.byteSequence();
    if (c === '?') return this.boolean();
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return this.number();
    if (c !== undefined && TOKEN_START.test(c)) return this.token();
    return this.fail('expected an item');
  }

  private string(): string {
    this.expect('"');
    let out = '';
    for (;;) {
      const c = this.text[this.at++];
      if (c === undefined) this.fail('unterminated string');
      if (c === '"') return out;
      if (c === '\\') {
        const escaped = this.text[this.at++];
        if (escaped !== '"' && escaped !== '\\') this.fail('bad escape in string');
        out += escaped;
        continue;
      }
      const code = c.charCodeAt(0);
      if (code < 0x20 || code > 0x7e) this.fail('strings hold printable ASCII only');
      out += c;
    }
  }

  private byteSequence(): Uint8Array {
    this.expect(':');
    const start = this.at;
    while (this.peek() !== ':') {
      const c = this.peek();
      if (c === undefined || !BASE64_CHAR.test(c)) this.fail('bad byte sequence');
      this.at++;
    }
    const encoded = this.text.slice(start, this.at);
    this.at++;
    return new Uint8Array(Buffer.from(encoded, 'base64'));
  }

  private boolean(): boolean {
    this.expect('?');
    const c = this.text[this.at++];
    if (c === '1') return true;
    if (c === '0') return false;
    return this.fail('bad boolean');
  }

  private number(): number {
    const match = /^-?\d{1,15}(\.\d{1,3})?/.exec(this.text.slice(this.at));
    if (!match) return this.fail('bad number');
    if (match[1] !== undefined && match[0].replace('-', '').split('.')[0]!.length > 12) {
      this.fail('decimal too long');
    }
    this.at += match[0].length;
    return Number(match[0]);
  }

  private token(): Token {
    const start = this.at;
    while (this.peek() !== undefined && TOKEN_CHAR.test(this.peek()!)) this.at++;
    return new Token(this.text.slice(start, this.at));
  }

  private key(): string {
    const first = this.peek();
    if (first === undefined || !KEY_START.test(first)) this.fail('expected a key');
    const start = this.at;
    while (this.peek() !== undefined && KEY_CHAR.test(this.peek()!)) this.at++;
    return this.text.slice(start, this.at);
  }

  private skipSpaces(): void {
    while (this.peek() === ' ') this.at++;
  }

  private skipOptionalWhitespace(): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.at++;
  }

  private expect(char: string): void {
    if (this.peek() !== char) this.fail(`expected "${char}"`);
    this.at++;
  }

  private peek(): string | undefined {
    return this.text[this.at];
  }

  private done(): boolean {
    return this.at >= this.text.length;
  }

  private fail(message: string): never {
    throw new StructuredFieldError(`${message} at position ${this.at}`);
  }
}

/** Parses a Dictionary header value (RFC 8941 §4.2.2); throws StructuredFieldError. */
export function parseDictionary(text: string): Dictionary {
  return new Parser(text.trim()).dictionary();
}

export function serializeBareItem(value: BareItem): string {
  if (typeof value === 'string') {
    if (!/^[\x20-\x7e]*$/.test(value)) {
      throw new StructuredFieldError('strings hold printable ASCII only');
    }
    return `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
  }
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw new StructuredFieldError('only integers are serialized');
    return String(value);
  }
  if (typeof value === 'boolean') return value ? '?1' : '?0';
  if (value instanceof Token) return value.value;
  return `:${Buffer.from(value).toString('base64')}:`;
}

export function serializeParameters(params: Parameters): string {
  let out = '';
  for (const [key, value] of params) {
    out += value === true ? `;${key}` : `;${key}=${serializeBareItem(value)}`;
  }
  return out;
}

export function serializeInnerList(list: InnerList): string {
  const items = list.items.map((i) => serializeBareItem(i.value) + serializeParameters(i.params));
  return `(${items.join(' ')})${serializeParameters(list.params)}`;
}
