import { Component, type ErrorInfo, type ReactNode } from 'react';
import { AlertTriangle } from 'lucide-react';
import { dismissLessonPreview } from '../../lib/lesson-preview';
import { Button } from '../ui/button';

interface ErrorBoundaryProps {
  children: ReactNode;
}

interface ErrorBoundaryState {
  error: Error | null;
}

/** The generic error fallback of spec section 2. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): ErrorBoundaryState {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Unhandled error in the web app', error, info.componentStack);
    // A shared lesson's still (from the page's HTML) must not hide the message.
    dismissLessonPreview();
  }

  private readonly reset = () => this.setState({ error: null });

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <main className="flex min-h-screen items-center justify-center bg-muted/40 p-4">
        <div role="alert" className="w-full max-w-2xl rounded-xl border bg-card p-6 shadow-sm">
          <div className="flex items-center gap-3">
            <AlertTriangle className="size-6 text-destructive" aria-hidden="true" />
            <h1 className="text-xl font-semibold">Something went wrong.</h1>
          </div>
          <p className="mt-2 text-sm text-muted-foreground">
            Please try again, and let us know if this keeps happening.
          </p>
          <pre className="mt-4 max-h-72 overflow-auto rounded-md bg-muted p-3 text-xs leading-relaxed">
            {error.stack ?? String(error)}
          </pre>
          <Button className="mt-4" onClick={this.reset}>
            Try again
          </Button>
        </div>
      </main>
    );
  }
}
