/** Query keys of the question editor. */
export const editorKeys = {
  all: ['editor'] as const,
  video: (id: number) => ['editor', 'video', id] as const,
  interactions: (videoId: number) => ['editor', 'interactions', videoId] as const,
};
