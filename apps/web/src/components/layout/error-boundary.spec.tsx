import { fireEvent, render, screen } from '@testing-library/react';
import { ErrorBoundary } from './error-boundary';

let shouldThrow = true;
function Flaky() {
  if (shouldThrow) throw new Error('kaboom');
  return <p>recovered</p>;
}

describe('ErrorBoundary', () => {
  it('shows the fallback with the stack, logs, and clears the error on Try again', () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ErrorBoundary>
        <Flaky />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong.' })).toBeTruthy();
    expect(screen.getByText('Please try again, and let us know if this keeps happening.')).toBeTruthy();
    expect(screen.getByText(/kaboom/)).toBeTruthy();
    expect(consoleError).toHaveBeenCalled();

    shouldThrow = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('recovered')).toBeTruthy();
    consoleError.mockRestore();
  });
});
