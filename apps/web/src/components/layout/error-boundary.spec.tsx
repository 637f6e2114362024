import { fireEvent, render, screen } from '@testing-library/react';
import { ErrorBoundary } from './error-boundary';

let shouldThrow = true;
function Flaky() {
  if (shouldThrow) throw new Error('kaboom');
  return <p>recovered</p>;
}

describe('ErrorBoundary', () => {
  beforeEach(() => {
    shouldThrow = true;
  });

  it('shows the fallback with the stack, logs, and clears the error on Try again', () => {
    // React logs caught errors itself too; only the boundary's own report counts here.
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      render(
        <ErrorBoundary>
          <Flaky />
        </ErrorBoundary>,
      );
      const alert = screen.getByRole('alert');
      expect(alert.querySelector('h1')?.textContent).toBe('Something went wrong.');
      expect(screen.getByText('Please try again, and let us know if this keeps happening.')).toBeTruthy();
      // The stack of the thrown error, in the fallback.
      expect(alert.querySelector('pre')?.textContent).toMatch(/^Error: kaboom\n\s+at /);
      expect(screen.queryByText('recovered')).toBeNull();

      // The boundary's report: its message, the error itself and the component stack naming the component that threw.
      const reports = consoleError.mock.calls.filter(([first]) => first === 'Unhandled error in the web app');
      expect(reports).toHaveLength(1);
      const [, error, componentStack] = reports[0];
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toBe('kaboom');
      expect(String(componentStack)).toMatch(/Flaky/);

      shouldThrow = false;
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect(screen.getByText('recovered')).toBeTruthy();
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      consoleError.mockRestore();
    }
  });

  it('renders its children untouched and reports nothing when nothing throws', () => {
    shouldThrow = false;
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      render(
        <ErrorBoundary>
          <Flaky />
        </ErrorBoundary>,
      );
      expect(screen.getByText('recovered')).toBeTruthy();
      expect(screen.queryByRole('alert')).toBeNull();
      expect(consoleError).not.toHaveBeenCalled();
    } finally {
      consoleError.mockRestore();
    }
  });
});
