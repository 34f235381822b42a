import * as React from 'react';

type ImageProps = Omit<React.ComponentProps<'img'>, 'src'> & {
  src: string | { src: string };
  fill?: boolean;
  priority?: boolean;
  quality?: number;
  placeholder?: string;
  blurDataURL?: string;
  unoptimized?: boolean;
  loader?: unknown;
};

// next/image outside Next: a plain <img> that keeps the layout props meaningful.
export default function Image({
  src,
  fill,
  priority,
  quality: _quality,
  placeholder: _placeholder,
  blurDataURL: _blur,
  unoptimized: _unoptimized,
  loader: _loader,
  style,
  ...props
}: ImageProps) {
  const fillStyle: React.CSSProperties = fill
    ? { position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }
    : {};
  return (
    <img
      src={typeof src === 'string' ? src : src.src}
      loading={priority ? 'eager' : 'lazy'}
      style={{ ...fillStyle, ...style }}
      {...props}
    />
  );
}
