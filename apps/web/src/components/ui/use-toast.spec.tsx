import { act, render, screen } from '@testing-library/react';
import { Toaster } from './toaster';
import { toast } from './use-toast';

describe('toasts', () => {
  it('shows at most one toast at a time', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'First' });
      toast({ title: 'Second' });
    });
    expect(screen.queryByText('First')).toBeNull();
    expect(screen.getAllByText('Second').length).toBeGreaterThan(0);
  });
});
