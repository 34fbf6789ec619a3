/** JSON.parse that answers undefined instead of throwing: input from outside is never trusted. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
