export function testing(): string {
  return 'testing';
}
