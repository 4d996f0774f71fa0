import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/**
 * A part of the popup that loads after the first numbers, from its own file in the build (an
 * `import()`): the module the popup opens with stays small. Renders nothing until it has arrived.
 */
export function later<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  return function Later(props: P) {
    const [Part, setPart] = useState<ComponentType<P> | null>(() => loaded);
    useEffect(() => {
      if (Part) return;
      let current = true;
      void load().then((c) => {
        loaded = c;
        if (current) setPart(() => c);
      });
      return () => {
        current = false;
      };
    }, []);
    return Part ? <Part {...props} /> : null;
  };
}
