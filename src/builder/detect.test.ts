import { describe, expect, it } from 'vitest';
import { findComponent, looksLikeHtml, looksLikeTypeScript } from './detect';

describe('detection', () => {
  it('recognises TypeScript from its content', () => {
    expect(looksLikeTypeScript('interface Task { id: number }')).toBe(true);
    expect(looksLikeTypeScript('enum Color { Red }')).toBe(true);
    expect(looksLikeTypeScript('const x = y as string;')).toBe(true);
    expect(looksLikeTypeScript('const [a] = useState<number>(0)')).toBe(true);
    expect(looksLikeTypeScript('export default function App() { return <div/> }')).toBe(false);
  });
  it('recognises HTML', () => {
    expect(looksLikeHtml('<!DOCTYPE html><html></html>')).toBe(true);
    expect(looksLikeHtml('<style>a{}</style><div>x</div>')).toBe(true);
    expect(looksLikeHtml("import React from 'react'")).toBe(false);
  });
  it('finds the component in every shape', () => {
    expect(findComponent('export default function App() {}').exportName).toBe('default');
    expect(findComponent('const App = () => 1;\nexport default App;').exportName).toBe('default');
    expect(findComponent('export function TeamDirectory() {}').exportName).toBe('TeamDirectory');
    expect(findComponent('function Row() {}\nfunction Board() {}').appendExportOf).toBe('Board');
    expect(findComponent('function App() {}\nfunction Row() {}').appendExportOf).toBe('App');
    expect(findComponent('const Widget: React.FC = () => null;').appendExportOf).toBe('Widget');
    expect(
      findComponent("createRoot(document.getElementById('root')).render(<A/>)").selfMounting,
    ).toBe(true);
  });
});
