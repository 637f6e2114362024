export function OrSeparator() {
  return (
    <div className="relative my-2 flex items-center" role="separator" aria-label="or">
      <span className="h-px flex-1 bg-border" />
      <span className="px-3 text-xs uppercase tracking-wide text-muted-foreground" aria-hidden="true">
        or
      </span>
      <span className="h-px flex-1 bg-border" />
    </div>
  );
}
