import * as React from 'react';

type LinkProps = Omit<React.ComponentProps<'a'>, 'href'> & {
  href: string | { pathname?: string };
  prefetch?: boolean;
  replace?: boolean;
  scroll?: boolean;
  legacyBehavior?: boolean;
  passHref?: boolean;
};

export default function Link({
  href,
  prefetch: _p,
  replace: _r,
  scroll: _s,
  legacyBehavior: _l,
  passHref: _h,
  ...props
}: LinkProps) {
  return <a href={typeof href === 'string' ? href : (href.pathname ?? '#')} {...props} />;
}
