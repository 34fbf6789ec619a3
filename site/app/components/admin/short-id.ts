// A long id as the console shows it in a line: its first eight characters and an ellipsis.
export function shortId(id: string): string {
  return id.length > 12 ? `${id.slice(0, 8)}…` : id;
}
