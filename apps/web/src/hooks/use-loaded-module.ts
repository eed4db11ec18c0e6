import { useEffect, useState } from 'react';

/**
 * The module `load` imports, fetched once `when` is first true; undefined until it has arrived. Unlike
 * React.lazy under Suspense, it renders the moment the code is there (Suspense holds a reveal back by up
 * to 300 ms). A module that fails to load fails the render, as with React.lazy.
 */
export function useLoadedModule<T>(load: () => Promise<T>, when = true): T | undefined {
  const [state, setState] = useState<{ module: T } | { error: unknown }>();
  useEffect(() => {
    if (!when || state) return;
    let live = true;
    load().then(
      (module) => live && setState({ module }),
      (error: unknown) => live && setState({ error }),
    );
    return () => {
      live = false;
    };
  }, [load, when, state]);
  if (state && 'error' in state) throw state.error;
  return state?.module;
}
