export function formatName(first, last) {
  return `${first} ${last}`.trim();
}
