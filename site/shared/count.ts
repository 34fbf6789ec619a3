// A count in words with its noun agreeing: "1 second", "20 seconds", "1 truck", "0 trucks".

export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
