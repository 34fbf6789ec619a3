// Reading a call's body, or its answer, up to a limit: the room server reads the site's calls with
// it and the site the room server's answers (call 8). Reading stops as soon as the limit is passed,
// so an oversized body is never buffered whole. Web streams only: it runs in Node and in workerd.

/** What a request or a response offers to read (Node's and workerd's types alike). */
export interface ReadableMessage {
  headers: { get(name: string): string | null };
  body: {
    getReader(): {
      read(): Promise<{ done: boolean; value?: Uint8Array }>;
      cancel(): Promise<void>;
    };
    cancel(): Promise<void>;
  } | null;
}

/**
 * The body as UTF-8 text, or null as soon as it is known to exceed `maxBytes` (its declared
 * `Content-Length` first, then the bytes read). The rest of the stream is cancelled.
 */
export async function readLimitedText(
  message: ReadableMessage,
  maxBytes: number,
): Promise<string | null> {
  const declared = Number(message.headers.get('content-length') ?? '0');
  if (!Number.isFinite(declared) || declared > maxBytes) {
    await message.body?.cancel().catch(() => undefined);
    return null;
  }
  if (!message.body) return '';
  const reader = message.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done || !value) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}
