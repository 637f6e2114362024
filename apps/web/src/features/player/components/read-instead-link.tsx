/** The quiet way to the reading view under the player, for learners who cannot play sound or video. */
export function ReadInsteadLink({ onClick }: { onClick(): void }) {
  return (
    <p className="text-center text-sm text-muted-foreground">
      Can't watch or listen right now?{' '}
      <button type="button" onClick={onClick} className="font-medium text-primary underline-offset-4 hover:underline focus-visible:underline">
        Read instead
      </button>
    </p>
  );
}
