// Runs inside the build's sandbox (mount-check.ts), never in a page: the first render of an
// artifact's component tree as React would do it, each component called once with its
// props, hooks answering with their initial values, effects not run. Small on purpose: the
// sandbox evaluates it for every check. What it cannot judge (lazy components, `use` of a
// promise) ends the walk without a finding.

import * as React from 'react';

type Props = Record<string, unknown> & { children?: unknown };
type Element = { $$typeof: symbol; type: unknown; props: Props };

/** Thrown to stop the walk where it cannot go on: never reported. */
export const UNSURE = { unsure: true };

const CONTEXT = Symbol.for('react.context');
const CONSUMER = Symbol.for('react.consumer');
const MEMO = Symbol.for('react.memo');
const FORWARD_REF = Symbol.for('react.forward_ref');
const LAZY = Symbol.for('react.lazy');

const noop = () => {};
const contexts = new Map<unknown, unknown[]>();

function contextValue(ctx: { _currentValue?: unknown }): unknown {
  const stack = contexts.get(ctx);
  return stack && stack.length > 0 ? stack[stack.length - 1] : ctx._currentValue;
}

const dispatcher = {
  useState: (init: unknown) => [
    typeof init === 'function' ? (init as () => unknown)() : init,
    noop,
  ],
  useReducer: (_r: unknown, arg: unknown, init?: (a: unknown) => unknown) => [
    init ? init(arg) : arg,
    noop,
  ],
  useEffect: noop,
  useLayoutEffect: noop,
  useInsertionEffect: noop,
  useImperativeHandle: noop,
  useDebugValue: noop,
  useMemo: (f: () => unknown) => f(),
  useCallback: (f: unknown) => f,
  useRef: (v: unknown) => ({ current: v }),
  useContext: contextValue,
  useId: () => ':r0:',
  useSyncExternalStore: (_s: unknown, get: () => unknown, server?: () => unknown) =>
    (server ?? get)(),
  useTransition: () => [false, (f: () => void) => f()],
  useDeferredValue: (v: unknown) => v,
  useOptimistic: (v: unknown) => [v, noop],
  useActionState: (_a: unknown, s: unknown) => [s, noop, false],
  useFormState: (_a: unknown, s: unknown) => [s, noop, false],
  useEffectEvent: (f: unknown) => f,
  useCacheRefresh: () => noop,
  useMemoCache: (n: number) => new Array(n).fill(Symbol.for('react.memo_cache_sentinel')),
  use: (u: { $$typeof?: symbol; _currentValue?: unknown }) => {
    if (u && u.$$typeof === CONTEXT) return contextValue(u);
    throw UNSURE;
  },
};

function walk(node: unknown): void {
  if (node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const n of node) walk(n);
    return;
  }
  const el = node as Element;
  if (!el.$$typeof) {
    if (typeof (node as Iterable<unknown>)[Symbol.iterator] === 'function')
      for (const n of node as Iterable<unknown>) walk(n);
    return;
  }
  const type = el.type as
    | string
    | symbol
    | ((p: Props, r?: unknown) => unknown)
    | {
        $$typeof?: symbol;
        type?: unknown;
        render?: (p: Props, r: unknown) => unknown;
        _context?: object;
      };
  const props = el.props ?? {};
  if (typeof type === 'string' || typeof type === 'symbol') return walk(props.children);
  if (typeof type === 'function') {
    const proto = type.prototype as
      { isReactComponent?: object; render?: () => unknown } | undefined;
    if (proto?.isReactComponent) return walkClass(type as never, props);
    return walk(type(props, undefined));
  }
  if (!type || typeof type !== 'object') return;
  if (type.$$typeof === MEMO) return walk({ $$typeof: el.$$typeof, type: type.type, props });
  if (type.$$typeof === FORWARD_REF) return walk(type.render!(props, null));
  if (type.$$typeof === CONTEXT) {
    const stack = contexts.get(type) ?? [];
    contexts.set(type, stack);
    stack.push(props.value);
    try {
      walk(props.children);
    } finally {
      stack.pop();
    }
    return;
  }
  if (type.$$typeof === CONSUMER && typeof props.children === 'function')
    return walk((props.children as (v: unknown) => unknown)(contextValue(type._context!)));
  if (type.$$typeof === LAZY) throw UNSURE;
}

type ClassComponent = (new (props: Props) => {
  props: Props;
  state: unknown;
  render(): unknown;
}) & {
  getDerivedStateFromProps?: (p: Props, s: unknown) => unknown;
  getDerivedStateFromError?: unknown;
  contextType?: { _currentValue?: unknown };
};

function walkClass(C: ClassComponent, props: Props): void {
  const inst = new C(props);
  inst.props = props;
  if (C.getDerivedStateFromProps)
    inst.state = {
      ...(inst.state as object),
      ...(C.getDerivedStateFromProps(props, inst.state) as object),
    };
  const guarded = Boolean(C.getDerivedStateFromError) || 'componentDidCatch' in inst;
  try {
    walk(inst.render());
  } catch (err) {
    // an error boundary shows its fallback: the page is not blank
    if (!guarded) throw err;
  }
}

/** The first render of `element`; throws what a component throws. */
export function firstRender(element: unknown): void {
  const internals = (React as unknown as Record<string, { H: unknown }>)
    .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE!;
  const before = internals.H;
  internals.H = dispatcher;
  try {
    walk(element);
  } finally {
    internals.H = before;
  }
}
