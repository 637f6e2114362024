import { useSearchParams } from 'react-router-dom';

/**
 * The open tab, kept in the URL's `tab` parameter (a reload or a shared link opens the same tab);
 * the first tab is the page without a parameter. Answers the tab and the function that opens one.
 */
export function useTabParam<T extends string>(values: readonly T[]): [T, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab = values.find((v) => v === requested) ?? values[0];

  function selectTab(value: string) {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === values[0]) next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  }
  return [tab, selectTab];
}
