/** Query keys of the auth feature; they are also the URLs the default query function fetches. */
export const authKeys = {
  all: ['/api/auth'] as const,
  validate: () => ['/api/auth', 'validate'] as const,
  user: () => ['/api/auth', 'user'] as const,
};
