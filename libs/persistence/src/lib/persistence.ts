export function persistence(): string {
  return 'persistence';
}
