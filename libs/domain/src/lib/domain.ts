export function domain(): string {
  return 'domain';
}
