import { useEffect, useState, type ComponentType } from "react";
import { warn } from "./kit";

/**
 * A component whose code is a separate chunk, imported the first time one
 * renders (nothing shows until it arrives): the chunk's default export. A failed import is logged in the
 * words of SPEC 8 and retried by the next one that renders.
 */
export function lazy<P extends object>(
  name: string,
  load: () => Promise<{ default: ComponentType<P> }>,
): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P> | undefined> | undefined;
  const get = () =>
    (pending ??= load().then(
      (m) => (loaded = m.default),
      () => {
        pending = undefined;
        warn(`Loading chunk ${name} failed`);
        return undefined;
      },
    ));
  return function Lazy(props: P) {
    const [Component, setC] = useState(() => loaded);
    useEffect(() => {
      let live = true;
      if (!Component) void get().then((c) => live && c && setC(() => c));
      return () => void (live = false);
      // eslint-disable-next-line react-hooks/exhaustive-deps -- mount-only: the chunk is asked for once; once C is set there is nothing left to load
    }, []);
    return Component ? <Component {...props} /> : null;
  };
}
